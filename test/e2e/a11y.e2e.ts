import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arxivAbsPage } from '../fixtures/e2e/pages/arxiv-abs-page';
import { fixtureClock, installFakeArxiv, momentumFixture, syntheticPapers } from './fake-arxiv';
import { ask, type Extension, launchExtension, PopupPage } from './harness';
import { ABS_PAPERS, servePages, URLS } from './inpage-pages';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SCHEMES = ['light', 'dark'] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core's serious and critical violations on `page` (within `include` when given; axe walks into open
 * shadow roots). Injected by evaluation, which an extension page's CSP does not block as it would a script tag.
 */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    (selector) =>
      (
        globalThis as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
        }
      ).axe
        .run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] })
        .then((r) => r.violations),
    include ?? null,
  )) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`)
          .join(' | ')}`,
    );
}

describe('accessibility audit (axe-core) in Chromium, light and dark', () => {
  let ext: Extension;
  const { end, T } = fixtureClock();

  beforeAll(async () => {
    ext = await launchExtension();
    await installFakeArxiv(ext.context, syntheticPapers(end, 84, 4, momentumFixture(T)));
    await servePages(ext.context);
    // The same abstract page in a dark site theme (later routes win), for the page-versus-OS mismatch.
    await ext.context.route('https://arxiv.org/abs/*?dark', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: arxivAbsPage(ABS_PAPERS[0]!).replace(
          '</head>',
          '<style>body, .ds-site-header { background: #181a1b !important; color: #e8e6e3 !important; }</style></head>',
        ),
      }),
    );
    const popup = await PopupPage.open(ext);
    const deadline = Date.now() + 80_000;
    for (;;) {
      const status = await ask<{ running: boolean; progress: number }>(popup.page, 'status.get');
      if (!status.running && status.progress === 1) break;
      if (Date.now() > deadline) throw new Error('the index did not fill');
      await popup.page.waitForTimeout(1000);
    }
    // A followed topic, so the popup shows its rows and the card its "Unfollow" state.
    await ask(popup.page, 'topic.follow', { id: 'agentic-rl', follow: true });
    await popup.page.close();
  });
  afterAll(async () => {
    await ext?.close();
  });

  for (const scheme of SCHEMES) {
    it(`popup (${scheme})`, async () => {
      const popup = await PopupPage.open(ext);
      await popup.page.emulateMedia({ colorScheme: scheme });
      await popup.followedRow('agentic-rl').waitFor();
      await popup.expand('agentic-rl');
      expect(await seriousViolations(popup.page)).toEqual([]);
      await popup.page.close();
    });

    it(`topic page (${scheme})`, async () => {
      const page = await ext.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(ext.url('topic.html?id=agentic-rl'));
      await page.locator('[data-momentum-sentence]').waitFor();
      await page.locator('#pp-papers-heading ~ ol [data-paper-id]').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });

    it(`options page (${scheme})`, async () => {
      const page = await ext.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(ext.url('options.html'));
      await page.locator('[data-index-status]').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });

    for (const page of ['white', 'dark'] as const) {
      it(`in-page chips and card on an arXiv abstract page (OS ${scheme}, ${page} page)`, async () => {
        await auditInpage(scheme, `${URLS.abs(ABS_PAPERS[0]!)}${page === 'dark' ? '?dark' : ''}`);
      });
    }
  }

  async function auditInpage(scheme: 'light' | 'dark', url: string) {
    const page = await ext.context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(url);
    const chip = page.locator('paper-pulse [data-topic-id="agentic-rl"]');
    await chip.waitFor();
    // Category chips drawn too (the known failure: transparent chips, light text on arXiv's white page).
    await page.locator('paper-pulse .pp-chip--category').first().waitFor();
    await chip.focus(); // opens the card, which stays open while focus is inside
    await page.locator('paper-pulse [role="dialog"] [data-momentum-sentence]').waitFor();
    await page.waitForTimeout(300); // the card's fade-in: contrast is measured on what is painted
    expect(await seriousViolations(page, 'paper-pulse')).toEqual([]);
    await page.close();
  }
});
