/**
 * The page's `<meta name|property=... content=...>` tags, read once into a map (lower-cased keys, every
 * value in page order). Highwire `citation_*`, OpenGraph and Dublin Core tags all come through here.
 */
export type MetaTags = ReadonlyMap<string, readonly string[]>;

const MAX_META = 5_000;

export function readMetaTags(doc: Document): MetaTags {
  const map = new Map<string, string[]>();
  let list: NodeListOf<Element>;
  try {
    list = doc.querySelectorAll('meta[content]');
  } catch {
    return map;
  }
  const count = Math.min(list.length, MAX_META);
  for (let i = 0; i < count; i++) {
    const meta = list[i]!;
    const key = (meta.getAttribute('name') ?? meta.getAttribute('property') ?? '').trim().toLowerCase();
    const content = meta.getAttribute('content');
    if (!key || content === null) continue;
    const values = map.get(key);
    if (values) values.push(content);
    else map.set(key, [content]);
  }
  return map;
}

/** The first non-blank value of the first key present. */
export function metaValue(tags: MetaTags, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = tags.get(key)?.find((v) => v.trim() !== '');
    if (value !== undefined) return value;
  }
  return undefined;
}

export function metaValues(tags: MetaTags, key: string): readonly string[] {
  return tags.get(key) ?? [];
}
