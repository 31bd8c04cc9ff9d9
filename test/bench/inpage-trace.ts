import { mkdirSync, writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { launchKept, loadAndWait, scrollThrough, startWarmExtension } from './inpage';

/**
 * Where the 2000-entry listing's main-thread time goes: `npx tsx test/bench/inpage-trace.ts` (after a build)
 * loads the bench's listing once under a Chromium trace and a V8 CPU profile, prints every task over 50 ms
 * with its make-up (script, style, layout, paint, GC…) and the hottest functions, and saves the raw trace
 * and profile in .bench/ for DevTools (Performance panel: "Load profile").
 * `PP_TRACE_PROFILE=/tmp/some-dir` keeps the browser profile (and so the warm index) there between runs:
 * the build is copied to the same path each time, so the extension keeps its id and its IndexedDB.
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'toplevel',
  'v8',
  'v8.execute',
  'blink',
].join(',');

async function main() {
  const keep = process.env.PP_TRACE_PROFILE;
  const { ext, abs } = await startWarmExtension(keep ? () => launchKept(keep) : undefined);
  try {
    const page = await ext.context.newPage();
    await page.goto(`https://arxiv.org/abs/${abs[0]!.id}`); // same site: the listing loads in this process
    const cdp = await ext.context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    // PP_TRACE_SCROLL=1: trace scrolling the decorated listing instead of decorating it.
    const scrolling = process.env.PP_TRACE_SCROLL === '1';
    if (scrolling) await loadAndWait(page, 'https://arxiv.org/list/cs.AI/new', 'decorated', 120_000);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    // PP_TRACE_BASELINE=1: the same listing where the content script does not run (what the page costs alone).
    const baseline = process.env.PP_TRACE_BASELINE === '1';
    if (scrolling) {
      await page.evaluate(() => performance.mark('paperpulse:start'));
      console.log(await scrollThrough(page, true));
    } else if (baseline) {
      await page.goto('https://example.org/list/cs.AI/new');
      await page.evaluate(() => performance.mark('paperpulse:start'));
    } else await loadAndWait(page, 'https://arxiv.org/list/cs.AI/new', 'decorated', 120_000);
    await page.waitForTimeout(baseline ? 5000 : 500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await cdp.send('Tracing.end');
    await done;
    mkdirSync('.bench', { recursive: true });
    writeFileSync('.bench/inpage-trace.json', JSON.stringify({ traceEvents: events }));
    writeFileSync('.bench/inpage-profile.cpuprofile', JSON.stringify(profile));
    report(events, profile);
    await closeQuietly(cdp);
  } finally {
    await ext.close();
  }
}

function report(events: TraceEvent[], profile: CpuProfile) {
  const marks = events.filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('paperpulse:'));
  const pid = marks[0]?.pid;
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  );
  if (pid === undefined || !main) throw new Error('no renderer with paperpulse marks in the trace');
  const thread = events
    .filter((e) => e.pid === pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const markAt = new Map(marks.map((m) => [m.name.replace('paperpulse:', ''), m.ts]));
  const t0 = markAt.get('start') ?? thread[0]!.ts;
  const ms = (us: number) => (us / 1000).toFixed(0);
  console.log(`marks (ms after start): ${[...markAt].map(([n, ts]) => `${n} ${ms(ts - t0)}`).join(', ')}`);
  // Where the time before the script's start goes: DOMContentLoaded, load, and the page's tasks between.
  const dcl = events.find((e) => e.pid === pid && e.name === 'MarkDOMContent');
  const load = events.find((e) => e.pid === pid && e.name === 'MarkLoad');
  if (dcl)
    console.log(
      `DOMContentLoaded ${ms(dcl.ts - t0)}, load ${load ? ms(load.ts - t0) : '?'} (ms after start)`,
    );
  const from = dcl ? Math.min(dcl.ts, t0) : t0;

  // Top-level tasks only (a task's RunTask events nest).
  const runs = thread.filter((e) => e.name === 'RunTask' && e.dur! > 50_000 && e.ts + e.dur! >= from);
  const long = runs.filter(
    (a) => !runs.some((b) => b !== a && b.ts <= a.ts && b.ts + b.dur! >= a.ts + a.dur!),
  );
  const samples = timedSamples(profile);
  console.log(
    `\n${long.length} tasks over 50 ms from DOMContentLoaded (or the script's start) (ms after start, ms long):`,
  );
  for (const task of long) {
    const inside = thread.filter(
      (e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e !== task,
    );
    console.log(`  +${ms(task.ts - t0).padStart(5)} ${ms(task.dur!).padStart(4)}: ${selfTimes(inside)}`);
    const js = samples.filter((s) => s.t >= task.ts && s.t <= task.ts + task.dur! && !s.name.startsWith('('));
    if (js.length > 0)
      console.log(
        `           js: ${tally(
          js.map((s) => s.name),
          6,
        )}`,
      );
  }
  console.log('\nhottest functions over the whole load (share of samples):');
  console.log(
    `  ${tally(
      samples.map((s) => s.name),
      30,
    ).replaceAll(' | ', '\n  ')}`,
  );
}

function timedSamples(profile: CpuProfile): { t: number; name: string }[] {
  const names = new Map(
    profile.nodes.map((n) => {
      const { functionName, url, lineNumber } = n.callFrame;
      return [n.id, `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`];
    }),
  );
  let t = profile.startTime;
  return profile.samples.map((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    return { t, name: names.get(id) ?? '?' };
  });
}

function tally(names: string[], top: number): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([n, c]) => `${((c * 100) / names.length).toFixed(0)}% ${n}`)
    .join(' | ');
}

/** Exclusive time per event name inside one task, largest first. */
function selfTimes(inside: TraceEvent[]): string {
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
    stack.push(e);
  }
  return [...self]
    .filter(([, us]) => us > 2000)
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
    .join(', ');
}

async function closeQuietly(cdp: CDPSession) {
  try {
    await cdp.detach();
  } catch {
    // The page may be gone already.
  }
}

void main();
