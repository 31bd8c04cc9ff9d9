import { MuteButton } from '@/components/muted-topics';
import type { TopicSummary } from '@/lib/messages/schemas';

/** Whether this topic is muted, with Mute / Unmute and the way to every muted topic (the options). */
export function TopicMute({
  summary,
  onSummary,
}: {
  summary: TopicSummary;
  onSummary(next: TopicSummary): void;
}) {
  return (
    <section class="pp-section" aria-labelledby="pp-mute-heading" data-topic-mute>
      <h2 id="pp-mute-heading">Mute</h2>
      <p class="pp-muted">
        {summary.muted
          ? 'You muted this topic: it stays out of rising topics, and listings can hide its papers.'
          : 'Muting keeps a topic out of rising topics, and listings can hide its papers.'}
      </p>
      <MuteButton topic={summary} onChange={onSummary} />{' '}
      <a href="/options.html#muted-topics">All muted topics</a>
    </section>
  );
}
