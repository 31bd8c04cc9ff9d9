import { compileQuery } from './topics/query';
import { userTopicId } from './topics/tagger';

export interface UserTopicDraft {
  id?: string;
  name: string;
  query: string;
}

export type CheckedUserTopic =
  | { ok: true; id: string; name: string; query: string }
  | { ok: false; error: { position: number; message: string } };

/** Validates a user topic before it is stored: a name, a query that compiles, a stable id. */
export function checkUserTopic(draft: UserTopicDraft, taken: (id: string) => boolean): CheckedUserTopic {
  const name = draft.name.trim();
  if (!name) return { ok: false, error: { position: 0, message: 'Give the topic a name' } };
  const compiled = compileQuery(draft.query);
  if (!compiled.ok) return { ok: false, error: compiled.error };
  let id = draft.id ?? userTopicId(name);
  // A new topic whose name slug is taken gets a numbered id; an edited one keeps its id.
  for (let n = 2; !draft.id && taken(id); n++) id = `${userTopicId(name)}-${n}`;
  return { ok: true, id, name, query: draft.query.trim() };
}
