/**
 * WebExtension match patterns (`<scheme>://<host><path>`, or `<all_urls>`), checked the way Chrome and
 * Firefox check them, so the registry test can prove each adapter's example URLs are really covered.
 */

const SCHEMES = new Set(['*', 'http', 'https', 'file', 'ftp', 'ws', 'wss']);
const ALL_URLS_SCHEMES = new Set(['http:', 'https:', 'file:', 'ftp:', 'ws:', 'wss:']);
const PATTERN = /^([a-z*]+):\/\/([^/]*)(\/.*)$/;
const HOST = /^(?:\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::\d{1,5})?$/i;

interface ParsedPattern {
  scheme: string;
  host: string;
  path: RegExp;
}

const cache = new Map<string, ParsedPattern | null>();

function parsePattern(p: string): ParsedPattern | null {
  const cached = cache.get(p);
  if (cached !== undefined) return cached;
  let parsed: ParsedPattern | null = null;
  const match = PATTERN.exec(p);
  if (match) {
    const [, scheme, host, path] = match;
    const hostOk = scheme === 'file' ? host === '' : host !== '' && HOST.test(host!);
    if (SCHEMES.has(scheme!) && hostOk) {
      parsed = { scheme: scheme!, host: host!.toLowerCase(), path: globToRegExp(path!) };
    }
  }
  cache.set(p, parsed);
  return parsed;
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

export function isValidMatchPattern(p: string): boolean {
  return p === '<all_urls>' || parsePattern(p) !== null;
}

export function matchesPattern(p: string, url: URL): boolean {
  if (p === '<all_urls>') return ALL_URLS_SCHEMES.has(url.protocol);
  const pattern = parsePattern(p);
  if (!pattern) return false;
  const scheme = url.protocol.slice(0, -1);
  if (pattern.scheme === '*' ? scheme !== 'http' && scheme !== 'https' : pattern.scheme !== scheme)
    return false;
  if (!hostMatches(pattern.host, url)) return false;
  // The path part of a pattern is matched against the path and the query string.
  return pattern.path.test(url.pathname + url.search);
}

function hostMatches(patternHost: string, url: URL): boolean {
  if (patternHost === '*' || (patternHost === '' && url.protocol === 'file:')) return true;
  const [name, port] = patternHost.split(':') as [string, string | undefined];
  if (port !== undefined && port !== url.port) return false;
  const host = url.hostname.toLowerCase();
  if (name.startsWith('*.')) {
    const base = name.slice(2);
    return host === base || host.endsWith(`.${base}`);
  }
  return host === name;
}
