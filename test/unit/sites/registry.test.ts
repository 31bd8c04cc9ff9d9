import { describe, expect, it } from 'vitest';
import { isValidMatchPattern, matchesPattern } from '../../../lib/sites/match-pattern';
import { SITE_MATCHES } from '../../../lib/sites/matches';
import { findAdapter, isSpaSite, SITE_ADAPTERS } from '../../../lib/sites/registry';
import type { SiteAdapter } from '../../../lib/sites/types';

/** Pages that are on supported hosts (or anywhere) but show no paper: nothing may claim them. */
const NON_PAPER_URLS = [
  'https://arxiv.org/',
  'https://arxiv.org/help',
  'https://arxiv.org/help/api/user-manual',
  'https://arxiv.org/archive/cs',
  'https://arxiv.org/list/cs.LG',
  'https://arxiv.org/abs/',
  'https://arxiv.org/login',
  'https://info.arxiv.org/about',
  'https://export.arxiv.org/api/query?search_query=cat:cs.AI',
  'https://huggingface.co/models',
  'https://huggingface.co/',
  'https://huggingface.co/papers',
  'https://huggingface.co/datasets/squad',
  'https://www.alphaxiv.org/',
  'https://openreview.net/',
  'https://openreview.net/group?id=ICLR.cc',
  'https://www.semanticscholar.org/search?q=attention',
  'https://aclanthology.org/',
  'https://proceedings.mlr.press/',
  'https://proceedings.neurips.cc/',
  'https://www.biorxiv.org/',
  'https://www.medrxiv.org/about',
];

function claims(adapter: SiteAdapter, url: string): boolean {
  const parsed = new URL(url);
  return adapter.matches.some((p) => matchesPattern(p, parsed)) && adapter.handles(parsed);
}

describe('the site registry', () => {
  it('has unique kebab-case ids and every required field', () => {
    const ids = SITE_ADAPTERS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const adapter of SITE_ADAPTERS) {
      expect(adapter.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(adapter.name.trim()).not.toBe('');
      expect(adapter.matches.length).toBeGreaterThan(0);
      expect(adapter.examples.match.length).toBeGreaterThan(0);
      expect(adapter.examples.noMatch.length).toBeGreaterThan(0);
      expect(typeof adapter.handles).toBe('function');
      expect(typeof adapter.extract).toBe('function');
    }
  });

  it('uses only valid match patterns, site hosts for the built-in adapters', () => {
    for (const adapter of SITE_ADAPTERS) {
      for (const pattern of adapter.matches) {
        expect(isValidMatchPattern(pattern), `${adapter.id}: ${pattern}`).toBe(true);
        if (!adapter.optIn) expect(pattern).toMatch(/^https:\/\/[a-z0-9.-]+\/\*$/);
      }
    }
  });

  it('has exactly one opt-in adapter: the generic Highwire one', () => {
    expect(SITE_ADAPTERS.filter((a) => a.optIn).map((a) => a.id)).toEqual(['highwire']);
  });

  for (const adapter of SITE_ADAPTERS) {
    it(`${adapter.id}: every example URL is claimed by this adapter and by no other`, () => {
      for (const url of adapter.examples.match) {
        expect(findAdapter(url, { includeOptIn: true })?.id, url).toBe(adapter.id);
        expect(findAdapter(url)?.id, url).toBe(adapter.optIn ? undefined : adapter.id);
        const others = SITE_ADAPTERS.filter((a) => a !== adapter && claims(a, url)).map((a) => a.id);
        expect(others, url).toEqual([]);
      }
    });

    it(`${adapter.id}: no counter-example URL is claimed by it`, () => {
      for (const url of adapter.examples.noMatch) expect(claims(adapter, url), url).toBe(false);
    });
  }

  it('leaves pages without a paper to no adapter, even with the generic adapter on', () => {
    for (const url of NON_PAPER_URLS)
      expect(findAdapter(url, { includeOptIn: true })?.id, url).toBeUndefined();
  });

  it('finds the generic adapter on other sites only when opt-in adapters are asked for', () => {
    const url = 'https://link.springer.com/article/10.1007/s41095-022-0271-y';
    expect(findAdapter(url)).toBeUndefined();
    expect(findAdapter(url, { includeOptIn: true })?.id).toBe('highwire');
    expect(findAdapter(new URL(url), { includeOptIn: true })?.id).toBe('highwire');
  });

  it('returns undefined for strings that are not URLs and for other schemes', () => {
    for (const bad of [
      '',
      'not a url',
      'arxiv.org/abs/2106.09608',
      'chrome://extensions',
      'file:///tmp/x.html',
      'about:blank',
    ]) {
      expect(findAdapter(bad, { includeOptIn: true })).toBeUndefined();
    }
  });

  it('exports SITE_MATCHES: the patterns of every adapter that is not opt-in, once each', () => {
    const expected = new Set(SITE_ADAPTERS.filter((a) => !a.optIn).flatMap((a) => a.matches));
    expect(new Set(SITE_MATCHES)).toEqual(expected);
    expect(SITE_MATCHES.length).toBe(expected.size);
    expect(SITE_MATCHES).toContain('https://arxiv.org/*');
    expect(SITE_MATCHES).not.toContain('https://*/*');
    expect(SITE_MATCHES).not.toContain('<all_urls>');
  });
});

describe('match patterns', () => {
  it('accepts the WebExtension forms and rejects malformed ones', () => {
    for (const p of [
      '<all_urls>',
      'https://arxiv.org/*',
      '*://*.example.org/*',
      'http://localhost:8080/x*',
      'file:///*',
      'https://*/*',
    ]) {
      expect(isValidMatchPattern(p), p).toBe(true);
    }
    for (const p of [
      '',
      'arxiv.org/*',
      'https://arxiv.org',
      'https://*arxiv.org/*',
      'https://ar*iv.org/*',
      'gopher://x.org/*',
      'https:///*',
      'file://host/*',
      'https://exa mple.org/*',
    ]) {
      expect(isValidMatchPattern(p), p).toBe(false);
    }
  });

  it('matches schemes, hosts, subdomains and paths (with the query) like browsers do', () => {
    const u = (s: string) => new URL(s);
    expect(matchesPattern('*://*.example.org/*', u('http://a.b.example.org/x'))).toBe(true);
    expect(matchesPattern('*://*.example.org/*', u('https://example.org/'))).toBe(true);
    expect(matchesPattern('*://*.example.org/*', u('https://badexample.org/'))).toBe(false);
    expect(matchesPattern('*://*.example.org/*', u('ftp://example.org/'))).toBe(false);
    expect(matchesPattern('https://arxiv.org/abs/*', u('https://arxiv.org/abs/2106.09608'))).toBe(true);
    expect(matchesPattern('https://arxiv.org/abs/*', u('https://arxiv.org/pdf/2106.09608'))).toBe(false);
    expect(matchesPattern('https://arxiv.org/abs/*', u('http://arxiv.org/abs/2106.09608'))).toBe(false);
    expect(
      matchesPattern('https://openreview.net/forum?id=*', u('https://openreview.net/forum?id=abc')),
    ).toBe(true);
    expect(matchesPattern('http://localhost:8080/*', u('http://localhost:8080/a'))).toBe(true);
    expect(matchesPattern('http://localhost:8080/*', u('http://localhost:9090/a'))).toBe(false);
    expect(matchesPattern('<all_urls>', u('https://x.org/'))).toBe(true);
    expect(matchesPattern('<all_urls>', u('chrome://extensions/'))).toBe(false);
    expect(matchesPattern('not a pattern', u('https://x.org/'))).toBe(false);
  });

  it('says which sites are single-page apps, on any of their pages, and no other', () => {
    expect(isSpaSite(new URL('https://www.alphaxiv.org/'))).toBe(true);
    expect(isSpaSite(new URL('https://www.alphaxiv.org/abs/2106.09608'))).toBe(true);
    expect(isSpaSite(new URL('https://arxiv.org/abs/2106.09608'))).toBe(false);
    expect(isSpaSite(new URL('https://example.org/'))).toBe(false);
  });
});
