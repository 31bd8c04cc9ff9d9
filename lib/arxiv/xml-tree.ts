import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A namespace-resolved XML element tree on top of fast-xml-parser (no DOM, so it runs in a service worker).
 * fast-xml-parser only sees prefixed names; the two live arXiv serializations bind the same namespaces
 * differently (inline `xmlns:arxiv` on each element vs. once on the root), so elements are resolved to
 * `{namespace URI, local name}` here and the Atom reader never looks at a prefix.
 */
export interface XmlElement {
  ns: string;
  local: string;
  /** Attributes without a prefix (the only ones Atom uses), by name. */
  attrs: ReadonlyMap<string, string>;
  children: XmlElement[];
  /** Text and element children in document order. */
  content: (XmlElement | string)[];
}

export class XmlError extends Error {}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Keep every value a string: "1706.03762" must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Decodes numeric character references (&#233;) as well as the five XML entities.
  htmlEntities: true,
});

export function parseXmlTree(source: string): XmlElement {
  // A byte-order mark is legal before the declaration; stray leading whitespace is harmless, so both go.
  const xml = source.replace(/^[\uFEFF\s]+/, '');
  // arXiv never sends a DTD; refusing one rules out entity-expansion tricks before any parsing.
  if (/<!DOCTYPE/i.test(xml)) throw new XmlError('a DOCTYPE is not allowed');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XmlError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    throw new XmlError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const roots = nodes.filter((node) => !elementName(node).startsWith('?'));
  if (roots.length !== 1) throw new XmlError('expected exactly one root element');
  return resolve(roots[0]!, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]));
}

/** The first child in namespace `ns` named `local`. */
export function childOf(parent: XmlElement, ns: string, local: string): XmlElement | undefined {
  return parent.children.find((c) => c.ns === ns && c.local === local);
}

/** All descendant text in document order, entities decoded (like DOM `textContent`). */
export function textOf(element: XmlElement): string {
  let text = '';
  for (const part of element.content) text += typeof part === 'string' ? part : textOf(part);
  return text;
}

export function childrenOf(parent: XmlElement, ns: string, local: string): XmlElement[] {
  return parent.children.filter((c) => c.ns === ns && c.local === local);
}

function elementName(node: OrderedNode): string {
  for (const key of Object.keys(node)) if (key !== ':@') return key;
  return '';
}

function resolve(node: OrderedNode, inherited: ReadonlyMap<string, string>): XmlElement {
  const qname = elementName(node);
  const rawAttrs = node[':@'] ?? {};
  let scope = inherited;
  const attrs = new Map<string, string>();
  for (const [name, value] of Object.entries(rawAttrs)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === inherited) scope = new Map(inherited);
      (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), value);
    } else if (!name.includes(':')) attrs.set(name, value);
  }
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const ns = scope.get(prefix);
  if (ns === undefined && prefix !== '') throw new XmlError(`undeclared namespace prefix "${prefix}"`);

  const children: XmlElement[] = [];
  const parts: (XmlElement | string)[] = [];
  const content = node[qname];
  for (const child of Array.isArray(content) ? (content as OrderedNode[]) : []) {
    const childName = elementName(child);
    if (childName === '#text') parts.push(String(child['#text'] ?? ''));
    else if (childName && !childName.startsWith('?')) {
      const element = resolve(child, scope);
      children.push(element);
      parts.push(element);
    }
  }
  return { ns: ns ?? '', local: colon < 0 ? qname : qname.slice(colon + 1), attrs, children, content: parts };
}
