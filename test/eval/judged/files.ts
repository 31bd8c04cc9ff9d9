/** The judged set's committed files (test/eval/labels/judged/): the manifest and one file per judged packet. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS_DIR } from '../label-files';

export const JUDGED_DIR = join(LABELS_DIR, 'judged');
export const MANIFEST_FILE = join(JUDGED_DIR, 'manifest.jsonl');
export const PACKET_SIZE = 100;

export interface ManifestRow {
  id: string;
  packet: number;
  /** 'uniform': drawn at random from the TRAIN months; 'rare': drawn for a rare topic's pool. */
  half: 'uniform' | 'rare';
  /** The fine topics the tagger gave (parents included) when the sample was drawn. */
  chips: string[];
  /** What the judge was shown: the chips plus the likeliest other topics. */
  candidates: string[];
}

export interface Judgment {
  id: string;
  judge: string;
  date: string;
  /** Candidates that are a substantial subject of the paper. */
  yes: string[];
  /** Candidates that are not. */
  no: string[];
  /** Up to three central topics of the catalogue that were not among the candidates. */
  missing: string[];
}

export function packetFile(packet: number, second = false): string {
  return join(JUDGED_DIR, `${second ? 'second-' : 'packet-'}${String(packet).padStart(3, '0')}.jsonl`);
}

export function readManifest(): ManifestRow[] {
  return existsSync(MANIFEST_FILE) ? (readLines(MANIFEST_FILE) as ManifestRow[]) : [];
}

/** Every committed judgment (first judgments; `second` for the independent second pass). */
export function readJudgments(second = false): Judgment[] {
  if (!existsSync(JUDGED_DIR)) return [];
  const prefix = second ? 'second-' : 'packet-';
  return readdirSync(JUDGED_DIR)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readLines(join(JUDGED_DIR, f)) as Judgment[]);
}

function readLines(path: string): unknown[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}
