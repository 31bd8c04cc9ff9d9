/**
 * Whether the page under the in-page UI is light or dark. The UI follows the page, not only the OS theme:
 * arXiv stays white in a dark OS, and chips drawn for a dark background were light grey on white there
 * (an axe contrast failure); a dark site in a light OS is the same mismatch the other way.
 */
export type PageScheme = 'light' | 'dark';

// Below this relative luminance white text contrasts better than black (WCAG's formula: 0.179).
const DARK_BELOW = 0.179;

/** The scheme of `doc`'s visible background: the body's or root's colour, else the canvas's. */
export function pageScheme(doc: Document, prefersDark: boolean): PageScheme {
  const view = doc.defaultView;
  if (view) {
    for (const el of [doc.body, doc.documentElement]) {
      if (!el) continue;
      const rgba = parseColor(view.getComputedStyle(el).backgroundColor);
      if (rgba && rgba[3] >= 0.5) return relativeLuminance(rgba) < DARK_BELOW ? 'dark' : 'light';
    }
  }
  // No painted background: the canvas is dark only where the page opts into a dark scheme and the OS asks.
  const declared = `${doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content') ?? ''} ${
    view?.getComputedStyle(doc.documentElement).colorScheme ?? ''
  }`;
  if (/\bdark\b/.test(declared) && (prefersDark || !/\blight\b/.test(declared))) return 'dark';
  return 'light';
}

/**
 * A computed colour as [r, g, b, a]: `rgb()` / `rgba()` as browsers give it, or hex (which some DOMs
 * return unchanged); null for anything else (keywords, `color()` spaces).
 */
export function parseColor(value: string): [number, number, number, number] | null {
  const text = value.trim();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const [r, g, b, a = 255] = (full.match(/../g) ?? []).map((h) => Number.parseInt(h, 16));
    return [r ?? 0, g ?? 0, b ?? 0, a / 255];
  }
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number.parseFloat(m[4]) / 100 : Number(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

/** WCAG 2 relative luminance of an sRGB colour (0..255 channels). */
export function relativeLuminance([r, g, b]: readonly number[]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}
