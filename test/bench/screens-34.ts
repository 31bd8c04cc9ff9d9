import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Paper } from '@/lib/paper';
import type { StoredPaper } from '@/lib/store/schema';
import { ask, type Extension } from '../e2e/harness';
import { arxivListingPage } from '../fixtures/e2e/pages/arxiv-listing-page';
import type { FixturePaper } from '../fixtures/e2e/pages/fixture-papers';
import { corpusMissing, corpusPapers } from './real-corpus';
import { seededExtension } from './seed';

/**
 * Issue 34's closing screenshots: the built extension (`.output/chrome-mv3` of the folder this runs in) in
 * Debian's Chromium with 12 weeks of the real corpus's cs.AI/LG/CL papers seeded and the 8 busiest fine
 * topics followed; six views at 1280x800 (viewport only): a real-corpus cs.AI listing, a chip's card on it, the
 * agentic-rl topic page (top, then its newest papers), the popup with a followed row open, and its trending
 * list; saved as `${PP_SCREENS_TAG}-*.png` in PP_SCREENS_OUT. Run in the worktree of each commit:
 *   PULSE_SHARED=/work/shared PP_SCREENS_TAG=before PP_SCREENS_OUT=... npx tsx test/bench/screens-34.ts
 */
const TAG = process.env.PP_SCREENS_TAG ?? 'after';
const OUT = resolve(process.env.PP_SCREENS_OUT ?? 'test/eval/results/screens-34');
const WEEKS = 12;
const FOLLOWS = 8;
const VIEWPORT = { width: 1280, height: 800 };
const LISTING_URL = 'https://arxiv.org/list/cs.AI/new';
/** Busy topics whose paper count grew while their share of the index fell (issue 34, Why 1). */
const CARD_TOPICS = ['llm-agents', 'large-language-models'];
const DAY = 86_400_000;

type Momentum = { recent: number; previous: number; allRecent: number; allPrevious: number; trend: string };

async function main() {
  const missing = corpusMissing();
  if (missing) throw new Error(missing);
  mkdirSync(OUT, { recursive: true });
  const papers = corpusPapers({ weeks: WEEKS });
  const listing = listingPapers(papers);
  console.log(`${TAG}: ${papers.length} papers seeded, listing of ${listing.length} cs.AI papers`);
  const ext = await seededExtension(papers, FOLLOWS);
  try {
    await ext.context.route('https://arxiv.org/**', (route) =>
      new URL(route.request().url()).pathname === '/list/cs.AI/new'
        ? route.fulfill({ contentType: 'text/html; charset=utf-8', body: arxivListingPage(listing) })
        : route.fulfill({ status: 404, body: 'not found' }),
    );
    const page = await ext.context.newPage();
    await page.setViewportSize(VIEWPORT);
    await shootListing(page);
    await shootCard(page, ext, await cardTopic(ext), listing);
    await shootTopicPage(page, ext, 'agentic-rl');
    await shootPopup(page, ext);
  } finally {
    await ext.close();
  }
}

/** The corpus's last announced day's papers listed in cs.AI, as an arXiv listing shows them (cs.AI primary first). */
function listingPapers(papers: readonly Paper[]): FixturePaper[] {
  const lastDay = Math.floor(Math.max(...papers.map((p) => p.published)) / DAY);
  const day = papers.filter(
    (p) => Math.floor(p.published / DAY) === lastDay && p.categories.includes('cs.AI'),
  );
  const ordered = [...day.filter((p) => p.primary === 'cs.AI'), ...day.filter((p) => p.primary !== 'cs.AI')];
  return ordered.map((p) => ({
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    authors: p.authors,
    categories: p.categories,
    published: new Date(p.published).toISOString().slice(0, 10),
  }));
}

/** Waits until every listing entry in the viewport has its drawn chip row. */
async function waitInView(page: Page) {
  await page.waitForFunction(() => {
    const inView = [...document.querySelectorAll('dd')].filter((dd) => {
      const r = dd.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
    });
    return (
      inView.length > 0 &&
      inView.every((dd) => dd.querySelector('paper-pulse')?.shadowRoot?.querySelector('[data-state="ready"]'))
    );
  });
  await page.waitForTimeout(500);
}

async function shootListing(page: Page) {
  await page.goto(LISTING_URL);
  await waitInView(page);
  await save(page, 'a-listing');
}

/** The first of CARD_TOPICS whose papers grew while its share fell; printed with its numbers. */
async function cardTopic(ext: Extension): Promise<string> {
  const page = await ext.context.newPage();
  await page.goto(ext.url('options.html'));
  let pick: string | undefined;
  for (const id of CARD_TOPICS) {
    const m = (await ask<{ summary: { momentum: Momentum } }>(page, 'topic.get', { id, limit: 1 })).summary
      .momentum;
    const share = (n: number, all: number) => ((100 * n) / all).toFixed(2);
    console.log(
      `${TAG}: ${id} ${m.trend}: ${m.recent} vs ${m.previous} papers; share ${share(m.recent, m.allRecent)}% vs ${share(m.previous, m.allPrevious)}%; index ${m.allRecent} vs ${m.allPrevious}`,
    );
    if (!pick && m.recent > m.previous && m.recent / m.allRecent < m.previous / m.allPrevious) pick = id;
  }
  await page.close();
  if (!pick) throw new Error(`none of ${CARD_TOPICS.join(', ')} grew while its share fell`);
  return pick;
}

/** The card of `topic`'s chip on the first listing paper the index tags with it ("+N" opened if it waits there). */
async function shootCard(
  page: Page,
  ext: Extension & { rows: StoredPaper[] },
  topic: string,
  listing: FixturePaper[],
) {
  const rows = new Map(ext.rows.map((r) => [r.id, r]));
  const paper = listing.find((p) => rows.get(p.id)?.topics.includes(topic));
  if (!paper) throw new Error(`no listing paper is tagged ${topic}`);
  console.log(`${TAG}: card of ${topic} on ${paper.id} "${paper.title}"`);
  const host = page.locator(`paper-pulse[data-arxiv-id="${paper.id}"]`);
  await host.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 120));
  await waitInView(page);
  const chip = host.locator(`[data-topic-id="${topic}"]`);
  if ((await chip.count()) === 0) {
    await host.locator('.pp-more').click();
    await page.mouse.move(0, 0);
    await chip.waitFor();
    console.log(`${TAG}: ${topic} waited behind "+N" on that row`);
  }
  await chip.hover();
  const card = page.locator('paper-pulse [role="dialog"]');
  await card.waitFor();
  await card.locator('[data-momentum-sentence]').waitFor();
  await page.waitForTimeout(800);
  await save(page, 'b-card');
}

async function shootTopicPage(page: Page, ext: Extension, id: string) {
  await page.goto(ext.url(`topic.html?id=${id}`));
  await page.locator('#pp-papers-heading ~ ol [data-paper-id]').first().waitFor();
  await page.locator('.pp-bars > li').first().waitFor();
  await page.waitForTimeout(500);
  await save(page, 'c-topic');
  await page.locator('#pp-papers-heading').evaluate((el) => el.scrollIntoView());
  await page.waitForTimeout(300);
  await save(page, 'c-topic-papers');
}

async function shootPopup(page: Page, ext: Extension) {
  await page.goto(ext.url('popup.html'));
  const rows = page.locator('[data-followed-topic-id]');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-followed-topic-id]').length >= n,
    FOLLOWS,
  );
  const id = await rows.first().getAttribute('data-followed-topic-id');
  await page.locator(`[data-expand="${id}"]`).click();
  await page.locator(`[data-followed-topic-id="${id}"] [data-paper-id]`).first().waitFor();
  await page.waitForTimeout(500);
  await save(page, 'd-popup');
  // The same popup further down: its trending list (and Emerging below it).
  await page.locator('#pp-trending-heading ~ ul [data-topic-id], [data-trending-empty]').first().waitFor();
  await page.locator('[data-emerging]').waitFor({ timeout: 90_000 });
  await page.locator('#pp-trending-heading').evaluate((el) => el.scrollIntoView());
  await page.waitForTimeout(500);
  await save(page, 'e-trending');
}

/** A viewport capture; one over MAX_BYTES is written again with its 256 most frequent colours (said in the log). */
async function save(page: Page, name: string) {
  const path = join(OUT, `${TAG}-${name}.png`);
  await page.screenshot({ path, fullPage: false });
  const kb = (p: string) => Math.round(statSync(p).size / 1024);
  if (statSync(path).size <= MAX_BYTES) return console.log(`${TAG}: ${path} ${kb(path)} KB`);
  const before = kb(path);
  writeFileSync(path, paletted(readFileSync(path)));
  console.log(`${TAG}: ${path} ${before} KB, written with a 256-colour palette: ${kb(path)} KB`);
}

const MAX_BYTES = 250 * 1024;
type Png = { width: number; height: number; data: Buffer };
const { PNG } = createRequire(import.meta.url)('playwright-core/lib/utilsBundle') as {
  PNG: { sync: { read(b: Buffer): Png } };
};

/** The PNG re-encoded as an 8-bit palette of its 256 most frequent colours (others take the nearest of them). */
function paletted(file: Buffer): Buffer {
  const { width, height, data } = PNG.sync.read(file);
  const freq = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const c = data.readUIntBE(i, 3);
    freq.set(c, (freq.get(c) ?? 0) + 1);
  }
  const palette = [...freq.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 256)
    .map(([c]) => c);
  const slot = new Map(palette.map((c, i) => [c, i]));
  const nearest = (c: number) => {
    let best = 0;
    let bestD = Number.POSITIVE_INFINITY;
    palette.forEach((p, i) => {
      const d =
        ((p >> 16) - (c >> 16)) ** 2 +
        (((p >> 8) & 255) - ((c >> 8) & 255)) ** 2 +
        ((p & 255) - (c & 255)) ** 2;
      if (d < bestD) [best, bestD] = [i, d];
    });
    slot.set(c, best);
    return best;
  };
  const raw = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = data.readUIntBE((y * width + x) * 4, 3);
      raw[y * (width + 1) + 1 + x] = slot.get(c) ?? nearest(c);
    }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((c, i) => {
    plte.writeUIntBE(c, i * 3, 3);
  });
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

await main();
