import { openDB } from 'idb';
import { DB_VERSION, runMigrations } from './migrations';
import { DB_NAME, type IndexDb, type PaperPulseDB } from './schema';

/** Opens (creating or migrating) the index database. `version` is for migration tests only. */
export async function openIndexDb(name = DB_NAME, version = DB_VERSION): Promise<IndexDb> {
  const db: IndexDb = await openDB<PaperPulseDB>(name, version, {
    upgrade(upgrading, oldVersion, newVersion, tx) {
      runMigrations(upgrading, oldVersion, newVersion ?? version, tx);
    },
    // A newer version (the extension was updated while a page held the old one open) must not wait on us.
    blocking() {
      db.close();
    },
  });
  return db;
}
