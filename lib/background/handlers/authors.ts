import { authorQuery, cleanAuthorName } from '../../authors/author-topic';
import type { Handlers } from '../../messages/protocol';
import type { TopicSummary } from '../../messages/schemas';
import { checkUserTopic } from '../../user-topics';
import type { BackgroundContext } from '../context';

export interface AuthorDeps {
  userTopicsChanged: () => Promise<void>;
  follow: (id: string) => Promise<TopicSummary>;
}

/** "Follow this author": the author's user topic (made once, found again by its query), then followed. */
export function authorHandlers(ctx: BackgroundContext, deps: AuthorDeps): Pick<Handlers, 'author.follow'> {
  return {
    'author.follow': async ({ name }) => {
      const author = cleanAuthorName(name);
      const query = authorQuery(author);
      const topics = await ctx.userTopics.all();
      let id = topics.find((t) => t.query === query)?.id;
      if (!id) {
        const taken = (candidate: string) =>
          topics.some((t) => t.id === candidate) || ctx.catalog.get(candidate) !== undefined;
        const checked = checkUserTopic({ name: author, query }, taken);
        if (!checked.ok) throw new Error(`Cannot follow “${author}”: ${checked.error.message}`);
        const now = ctx.now();
        await ctx.userTopics.put({ id: checked.id, name: author, query, createdAt: now, updatedAt: now });
        await deps.userTopicsChanged();
        id = checked.id;
      }
      return deps.follow(id);
    },
  };
}
