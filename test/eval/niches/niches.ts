/** The niches of niches.json and their judging pools (issue 37), as pool.ts and the learn evaluation read them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS_DIR } from '../label-files';
import { PROJECT } from '../labelset';

export const NICHES_DIR = join(LABELS_DIR, 'niches');
export const POOLS_FILE = join(NICHES_DIR, 'pools.jsonl');

export interface Niche {
  id: string;
  name: string;
  role: 'tune' | 'report';
  definition: string;
  net: string;
  area: string[];
}
export type Split = 'train' | 'test';
export interface Pool {
  niche: string;
  split: Split;
  ids: string[];
}

export function readNiches(): Niche[] {
  return (
    JSON.parse(readFileSync(join(PROJECT, 'test/eval/niches/niches.json'), 'utf8')) as { niches: Niche[] }
  ).niches;
}

export function readPools(): Pool[] {
  return readFileSync(POOLS_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Pool);
}
