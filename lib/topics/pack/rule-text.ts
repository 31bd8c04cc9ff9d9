import type { TopicData } from './schema';

/** "What counts as this topic", in words, for the topic page. */

const SHOWN = 4;

function list(phrases: readonly string[], joiner: string, shown = SHOWN): string {
  const quoted = phrases
    .slice(0, shown)
    .map((p) => (p.startsWith('ti:') ? `"${p.slice(3)}" (in the title)` : `"${p}"`));
  const more = phrases.length > shown ? `${joiner}${phrases.length - shown} more` : '';
  return quoted.join(joiner) + more;
}

export function describeRule(t: TopicData, expand: (list: readonly string[]) => string[]): string {
  // The name, then the phrases the aliases do not already show (the topic page lists aliases anyway).
  const strong = [...(t.nameMatch ? [t.name] : []), ...expand(t.phrases), ...t.aliases];
  const parts: string[] = [];
  if (strong.length) parts.push(`The title mentions, or the abstract dwells on, ${list(strong, ', ')}`);
  if (t.all) {
    const groups = t.all.map((g) => `(${list(expand(g), ' or ', 3)})`).join(' and ');
    parts.push(`${parts.length ? 'or the paper' : 'The paper'} combines ${groups}`);
  }
  let text = `${parts.join('; ')}.`;
  if (t.require) text += ` Only when it also mentions ${list(expand(t.require), ' or ')}.`;
  if (t.exclude) text += ` Not when it mentions ${list(expand(t.exclude), ' or ')}.`;
  if (t.categories) text += ` Only for papers in ${t.categories.join(', ')}.`;
  return text;
}
