/**
 * The readable text of an element, walked node by node (never `innerHTML`, never `innerText`, which
 * would lay out the page). Script and style contents are skipped, so a `<script>` inside a title does
 * not leak its code into the title; MathJax output is replaced by its TeX source when the page keeps
 * it, MathML by its `alttext`.
 */

export interface ReadTextOptions {
  /** Elements with any of these classes are skipped with their subtree (labels like `descriptor`). */
  skipClasses?: readonly string[];
  /** Stop collecting after about this many characters. */
  maxChars?: number;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const MAX_NODES = 100_000;

const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'button',
  'select',
  'textarea',
  'iframe',
]);
// MathJax 2 renders next to a `<script type="math/tex">` that keeps the source; its rendered spans and
// preview are duplicates of that source. MathJax 3 keeps no source: only its assistive MathML is read.
const MATHJAX_CLASSES = [
  'MathJax_Preview',
  'MathJax',
  'MathJax_Display',
  'MathJax_SVG',
  'MathJax_SVG_Display',
  'MathJax_CHTML',
  'MJX_Assistive_MathML',
];
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'dd',
  'dt',
  'dl',
  'tr',
  'td',
  'th',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
]);

export function readText(root: Element | null | undefined, options: ReadTextOptions = {}): string {
  if (!root) return '';
  const maxChars = options.maxChars ?? 20_000;
  const skipClasses = options.skipClasses ?? [];
  const parts: string[] = [];
  let length = 0;
  let visited = 0;
  // Explicit stack: hostile markup can nest deeper than the call stack.
  const stack: (Node | string)[] = [root];
  while (stack.length > 0 && length < maxChars * 2 && visited < MAX_NODES) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      parts.push(item);
      length += item.length;
      continue;
    }
    visited++;
    if (item.nodeType === TEXT_NODE) {
      const data = (item as Text).data;
      parts.push(data);
      length += data.length;
      continue;
    }
    if (item.nodeType !== ELEMENT_NODE) continue;
    const el = item as Element;
    const tag = el.localName;
    if (tag === 'script') {
      const tex = mathTexOfScript(el);
      if (tex) stack.push(tex);
      continue;
    }
    if (tag === 'mjx-container') {
      const mml = el.querySelector('mjx-assistive-mml');
      if (mml) stack.push(` ${mml.textContent ?? ''} `);
      continue;
    }
    if (SKIP_TAGS.has(tag) || hasAnyClass(el, skipClasses) || hasAnyClass(el, MATHJAX_CLASSES)) continue;
    if (tag === 'math') {
      const alt = el.getAttribute('alttext');
      stack.push(alt ? ` $${alt}$ ` : ` ${el.textContent ?? ''} `);
      continue;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) stack.push(' ');
    const children = el.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    if (block) stack.push(' ');
  }
  return parts.join('');
}

function mathTexOfScript(el: Element): string | null {
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  if (!type.startsWith('math/tex')) return null;
  const tex = (el.textContent ?? '').trim();
  return tex ? ` $${tex}$ ` : null;
}

function hasAnyClass(el: Element, classes: readonly string[]): boolean {
  if (classes.length === 0) return false;
  const list = el.classList;
  if (!list || list.length === 0) return false;
  for (const c of classes) if (list.contains(c)) return true;
  return false;
}
