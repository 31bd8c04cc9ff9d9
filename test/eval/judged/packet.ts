/**
 * The judges' side of the judged set (guide: test/eval/labels/GUIDE.md, "Judging a whole paper").
 *
 *   npx tsx test/eval/judged/packet.ts catalogue OUT.md        # every fine topic, for the judge to read once
 *   npx tsx test/eval/judged/packet.ts text N OUT.md           # packet N with its papers' text (kept outside the project)
 *   npx tsx test/eval/judged/packet.ts text all DIR            # every packet, DIR/packet-NNN.md
 *   npx tsx test/eval/judged/packet.ts check N VERDICTS.jsonl --judge NAME [--second]
 *   ... --set fresh                                            # the fresh TEST sample (labels/fresh/) instead
 *
 * `check` validates a judge's verdicts against the manifest (every paper of the packet once, every candidate
 * judged yes or no, at most three missing topics, all of them catalogue topics that were not candidates) and
 * only then writes labels/judged/packet-NNN.jsonl (second-NNN.jsonl for an independent second judgment) with
 * the judge's name and the date. It decides nothing: the verdicts are the judge's.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPack } from '../../../lib/topics/load-pack';
import { readCorpus } from '../corpus';
import type { CorpusPaper } from '../labelset';
import { type JudgedSet, type Judgment, type ManifestRow, packetFile, readManifest } from './files';

const MAX_MISSING = 3;

function fineTopics() {
  return loadPack().topics.filter((t) => t.kind === 'fine');
}

function catalogue(out: string) {
  const topics = fineTopics().sort((a, b) => a.name.localeCompare(b.name));
  const name = new Map(topics.map((t) => [t.id, t.name]));
  const lines = topics.map((t) => {
    const aka = t.aliases.length ? ` (also: ${t.aliases.slice(0, 4).join('; ')})` : '';
    const parents = t.parents.length
      ? ` [kind of: ${t.parents.map((p) => name.get(p) ?? p).join('; ')}]`
      : '';
    return `- \`${t.id}\` **${t.name}**${aka}${parents}: ${t.description}`;
  });
  writeFileSync(
    out,
    `# The catalogue: ${topics.length} fine topics (id, name, aliases, parents, description)\n\n${lines.join('\n')}\n`,
  );
  console.log(`${topics.length} topics -> ${out}`);
}

const SET: JudgedSet =
  process.argv.includes('--set') && process.argv[process.argv.indexOf('--set') + 1] === 'fresh'
    ? 'fresh'
    : 'judged';

function packetRows(n: number): ManifestRow[] {
  const rows = readManifest(SET).filter((r) => r.packet === n);
  if (rows.length === 0) throw new Error(`no packet ${n} in the manifest`);
  return rows;
}

let corpusById: Map<string, CorpusPaper> | undefined;

function text(n: number, out: string) {
  const rows = packetRows(n);
  corpusById ??= new Map(readCorpus().map((p) => [p.id, p]));
  const byId = corpusById;
  const name = new Map(fineTopics().map((t) => [t.id, t.name]));
  const blocks = rows.map((r, i) => {
    const p = byId.get(r.id)!;
    const candidates = [...r.candidates]
      .sort((a, b) => (name.get(a) ?? a).localeCompare(name.get(b) ?? b))
      .map((id) => `${id} (${name.get(id) ?? id})`);
    return [
      `## ${i + 1}. ${r.id}`,
      `Title: ${p.title}`,
      `Categories: ${p.categories.join(', ')}`,
      `Abstract: ${p.abstract}`,
      `Candidates: ${candidates.join('; ')}`,
    ].join('\n');
  });
  writeFileSync(out, `# Packet ${n}: ${rows.length} papers\n\n${blocks.join('\n\n')}\n`);
  console.log(`packet ${n}: ${rows.length} papers -> ${out}`);
}

function check(n: number, file: string, judge: string, second: boolean) {
  const rows = packetRows(n);
  const known = new Set(fineTopics().map((t) => t.id));
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const errors: string[] = [];
  const seen = new Map<string, { yes: string[]; no: string[]; missing: string[] }>();
  lines.forEach((line, i) => {
    try {
      const v = JSON.parse(line) as { id?: unknown; yes?: unknown; no?: unknown; missing?: unknown };
      const list = (x: unknown) =>
        Array.isArray(x) && x.every((s) => typeof s === 'string') ? (x as string[]) : null;
      const yes = list(v.yes);
      const no = list(v.no);
      const missing = list(v.missing ?? []);
      if (typeof v.id !== 'string' || !yes || !no || !missing) {
        errors.push(`line ${i + 1}: needs {"id", "yes": [...], "no": [...], "missing": [...]}`);
        return;
      }
      if (seen.has(v.id)) errors.push(`line ${i + 1}: ${v.id} judged twice`);
      seen.set(v.id, { yes, no, missing });
    } catch {
      errors.push(`line ${i + 1}: not JSON`);
    }
  });
  for (const row of rows) {
    const v = seen.get(row.id);
    if (!v) {
      errors.push(`${row.id}: not judged`);
      continue;
    }
    const judged = [...v.yes, ...v.no];
    const unjudged = row.candidates.filter((c) => !judged.includes(c));
    const extra = judged.filter((c) => !row.candidates.includes(c));
    const both = v.yes.filter((c) => v.no.includes(c));
    if (unjudged.length) errors.push(`${row.id}: candidates not judged: ${unjudged.join(', ')}`);
    if (extra.length) errors.push(`${row.id}: not candidates (put them in "missing"): ${extra.join(', ')}`);
    if (both.length) errors.push(`${row.id}: both yes and no: ${both.join(', ')}`);
    if (v.missing.length > MAX_MISSING) errors.push(`${row.id}: more than ${MAX_MISSING} missing topics`);
    for (const m of v.missing) {
      if (!known.has(m)) errors.push(`${row.id}: "${m}" is not a catalogue topic id`);
      else if (row.candidates.includes(m)) errors.push(`${row.id}: "${m}" is a candidate: judge it yes`);
    }
  }
  const ids = new Set(rows.map((r) => r.id));
  for (const id of seen.keys()) if (!ids.has(id)) errors.push(`${id}: not in packet ${n}`);
  if (errors.length) {
    console.error(`${errors.length} problems:\n${errors.slice(0, 60).join('\n')}`);
    process.exit(1);
  }
  const out = packetFile(n, second, SET);
  if (existsSync(out)) console.log(`replacing ${out}`);
  const date = new Date().toISOString().slice(0, 10);
  const judgments: Judgment[] = rows.map((r) => {
    const v = seen.get(r.id)!;
    return { id: r.id, judge, date, yes: v.yes, no: v.no, missing: v.missing };
  });
  writeFileSync(out, `${judgments.map((j) => JSON.stringify(j)).join('\n')}\n`);
  const yes = judgments.reduce((s, j) => s + j.yes.length, 0);
  const no = judgments.reduce((s, j) => s + j.no.length, 0);
  const missing = judgments.reduce((s, j) => s + j.missing.length, 0);
  console.log(`ok: ${judgments.length} papers, ${yes} yes, ${no} no, ${missing} missing -> ${out}`);
}

const [command, a, b, ...rest] = process.argv.slice(2);
const flag = (name: string) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};
if (command === 'catalogue' && a) catalogue(a);
else if (command === 'text' && a === 'all' && b) {
  const packets = new Set(readManifest(SET).map((r) => r.packet));
  for (const n of packets) text(n, join(b, `packet-${String(n).padStart(3, '0')}.md`));
} else if (command === 'text' && a && b) text(Number(a), b);
else if (command === 'check' && a && b && flag('--judge'))
  check(Number(a), b, flag('--judge')!, rest.includes('--second'));
else {
  console.error(
    'usage: packet.ts catalogue OUT | text N OUT | check N VERDICTS.jsonl --judge NAME [--second]',
  );
  process.exit(2);
}
