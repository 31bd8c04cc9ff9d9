import type { DBSchema } from 'idb';
import type { Paper } from '../paper';

/** A paper as the index keeps it: the compact `Paper` plus what the tagger said, and for which pack. */
export interface StoredPaper extends Paper {
  topics: string[];
  packVersion: string;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

export interface PaperPulseDB extends DBSchema {
  papers: { key: string; value: StoredPaper; indexes: { published: number } };
  meta: { key: string; value: MetaRecord };
}

export const DB_NAME = 'paperpulse';
