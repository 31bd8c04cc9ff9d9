import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadFollows } from '@/lib/store/follows';
import { loadMutes } from '@/lib/store/mutes';
import { openIndexDb } from '@/lib/store/open';
import type { IndexDb } from '@/lib/store/schema';
import { userTopicStore } from '@/lib/store/user-topics';

let db: IndexDb;
const getDb = async () => db;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb();
});

describe('follows and mutes repositories', () => {
  it('keep the database and their copy in memory together', async () => {
    const follows = await loadFollows(getDb);
    const mutes = await loadMutes(getDb);
    await follows.follow('cs.LG', 5);
    await mutes.mute('cs.AI', 6);
    expect(follows.has('cs.LG')).toBe(true);
    expect(mutes.has('cs.AI')).toBe(true);
    expect(await db.get('follows', 'cs.LG')).toEqual({
      topicId: 'cs.LG',
      followedAt: 5,
      seenUntil: 0,
      unseen: 0,
    });
    expect(await db.get('mutes', 'cs.AI')).toEqual({ topicId: 'cs.AI', mutedAt: 6 });
    // A new worker life reads the same.
    expect((await loadFollows(getDb)).all()).toEqual(follows.all());
    expect((await loadMutes(getDb)).ids()).toEqual(mutes.ids());

    await follows.follow('cs.LG', 9);
    expect(follows.get('cs.LG')?.followedAt).toBe(5);
    await follows.unfollow('cs.LG');
    await mutes.unmute('cs.AI');
    expect(follows.size).toBe(0);
    expect(mutes.has('cs.AI')).toBe(false);
    expect(await db.count('follows')).toBe(0);
    expect(await db.count('mutes')).toBe(0);
  });

  it('drops a deleted custom topic from the follows and mutes, in the database and in memory', async () => {
    const follows = await loadFollows(getDb);
    const mutes = await loadMutes(getDb);
    const topics = userTopicStore(getDb, follows, mutes);
    await topics.put({ id: 'user-muon', name: 'Muon', query: 'muon', createdAt: 1, updatedAt: 1 });
    await follows.follow('user-muon', 2);
    await mutes.mute('user-muon', 3);
    await topics.remove('user-muon');
    expect(await topics.all()).toEqual([]);
    expect(follows.has('user-muon')).toBe(false);
    expect(mutes.has('user-muon')).toBe(false);
    expect(await db.get('follows', 'user-muon')).toBeUndefined();
    expect(await db.get('mutes', 'user-muon')).toBeUndefined();
  });
});
