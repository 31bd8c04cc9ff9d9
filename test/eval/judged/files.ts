/**
 * The committed files of a set of papers judged whole: the judged set (TRAIN months, labels/judged/) and the fresh
 * TEST sample (labels/fresh/, part 3's every-chip check): a manifest and one file per judged packet.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { LABELS_DIR } from '../label-files';

export type JudgedSet = 'judged' | 'fresh';
export const setDir = (set: JudgedSet = 'judged') => join(LABELS_DIR, set);
/** Gzipped: the judged set's candidate lists are 7 MB as text, most of it topic ids repeated. */
export const manifestFile = (set: JudgedSet = 'judged') => join(setDir(set), 'manifest.jsonl.gz');
export const JUDGED_DIR = setDir('judged');
export const MANIFEST_FILE = manifestFile('judged');
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

export function packetFile(packet: number, second = false, set: JudgedSet = 'judged'): string {
  return join(setDir(set), `${second ? 'second-' : 'packet-'}${String(packet).padStart(3, '0')}.jsonl`);
}

export function readManifest(set: JudgedSet = 'judged'): ManifestRow[] {
  const file = manifestFile(set);
  return existsSync(file)
    ? (parseLines(gunzipSync(readFileSync(file)).toString('utf8')) as ManifestRow[])
    : [];
}

export function writeManifest(rows: readonly ManifestRow[], set: JudgedSet = 'judged'): string {
  const file = manifestFile(set);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, gzipSync(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`, { level: 9 }));
  return file;
}

/** Every committed judgment (first judgments; `second` for the independent second pass). */
export function readJudgments(second = false, set: JudgedSet = 'judged'): Judgment[] {
  const dir = setDir(set);
  if (!existsSync(dir)) return [];
  const prefix = second ? 'second-' : 'packet-';
  return readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readLines(join(dir, f)) as Judgment[]);
}

function readLines(path: string): unknown[] {
  return parseLines(readFileSync(path, 'utf8'));
}

function parseLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}
