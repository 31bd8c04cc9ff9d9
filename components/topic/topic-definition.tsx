import type { TopicInfo } from '@/lib/message-schemas';

/** What counts as the topic: its description, other names, and the rule the tagger applies. */
export function TopicDefinition({ info }: { info: TopicInfo }) {
  return (
    <section class="pp-section" aria-labelledby="pp-definition-heading">
      <h2 id="pp-definition-heading">What counts as {info.name}</h2>
      <p data-description>{info.description || 'No description.'}</p>
      {info.aliases.length > 0 && <p>Also called: {info.aliases.join(', ')}.</p>}
      {info.rule ? (
        <>
          <h3>Rule</h3>
          <pre class="pp-rule" data-rule>
            <code>{info.rule}</code>
          </pre>
        </>
      ) : (
        info.kind === 'category' && <p>Every paper listed in {info.id} on arXiv (primary or cross-list).</p>
      )}
    </section>
  );
}
