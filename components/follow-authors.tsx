import { useState } from 'preact/hooks';
import { topicHref } from './paper-card';
import { useAction, useSend } from './use-message';

/**
 * "Follow an author" under a paper: each author with Follow, which makes (once) and follows a topic of
 * their papers (`au:"Name"`); the popup then counts their new papers like any followed topic.
 */
export function FollowAuthors({ authors }: { authors: readonly string[] }) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const [followed, setFollowed] = useState<Record<string, string>>({});
  if (authors.length === 0) return null;
  const follow = async (name: string) => {
    const topic = await run(() => send('author.follow', { name }));
    if (topic) setFollowed((old) => ({ ...old, [name]: topic.id }));
  };
  return (
    <details class="pp-follow-authors">
      <summary>Follow an author</summary>
      <ul>
        {authors.map((name) => (
          <li key={name}>
            {name}{' '}
            {followed[name] ? (
              <a href={topicHref(followed[name])} data-author-topic={followed[name]}>
                Following: their papers
              </a>
            ) : (
              <button
                type="button"
                class="pp-button pp-follow-small"
                disabled={pending}
                onClick={() => follow(name)}
                data-follow-author={name}
              >
                Follow<span class="pp-visually-hidden"> {name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" class="pp-error">
          Could not follow: {error}
        </p>
      )}
    </details>
  );
}
