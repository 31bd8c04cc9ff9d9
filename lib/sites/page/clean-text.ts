/** Page text as it goes into a `PaperRef`: whitespace collapsed, trimmed, cut to a bound. */
export function cleanText(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= max ? collapsed : cut(collapsed, max);
}

/** Cut without leaving half of a surrogate pair at the end. */
function cut(text: string, max: number): string {
  const head = text.slice(0, max);
  const last = head.charCodeAt(head.length - 1);
  return (last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head).trimEnd();
}

/**
 * Tags written into a meta tag's content (bioRxiv puts `<p>` and `<h3>` in `citation_abstract`) removed.
 * This is tidying, not sanitising: the result is only ever used as text.
 */
export function stripTags(text: string): string {
  return text.replace(/<[^>]{0,500}>/g, ' ');
}
