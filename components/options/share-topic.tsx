import { useState } from 'preact/hooks';
import { topicShareText } from '@/lib/share/topic-text';

/** Writes text to the clipboard (tests pass a recorder). */
export type CopyText = (text: string) => Promise<void>;

const clipboard: CopyText = (text) => navigator.clipboard.writeText(text);

/** "Share": copies the topic as text that "Add topic" accepts when pasted; says whether it worked. */
export function ShareTopic({
  topic,
  copy = clipboard,
}: {
  topic: { name: string; query: string };
  copy?: CopyText;
}) {
  const [said, setSaid] = useState('');
  const text = topicShareText(topic);
  return (
    <span class="pp-share">
      <button
        type="button"
        class="pp-link-button"
        data-share-topic
        onClick={() =>
          copy(text).then(
            () => setSaid('Copied: paste it into “Add topic”.'),
            () => setSaid('Could not copy; select the text below.'),
          )
        }
      >
        Share<span class="pp-visually-hidden"> {topic.name}</span>
      </button>
      <span role="status" class="pp-muted">
        {said}
      </span>
      {said.startsWith('Could not') && (
        <textarea readOnly rows={3} value={text} aria-label={`${topic.name} as text`} />
      )}
    </span>
  );
}
