import type { TopicData } from './pack-schema';

/** "What counts as this topic", in words, for the topic page. */

const SHOWN = 6;

function list(phrases: readonly string[], joiner: string): string {
  const quoted = phrases
    .slice(0, SHOWN)
    .map((p) => (p.startsWith('ti:') ? `"${p.slice(3)}" (in the title)` : `"${p}"`));
  const more = phrases.length > SHOWN ? `${joiner}${phrases.length - SHOWN} more` : '';
  return quoted.join(joiner) + more;
}

export function describeRule(t: TopicData, expand: (list: readonly string[]) => string[]): string {
  const strong = [...(t.nameMatch ? [t.name] : []), ...t.aliases, ...expand(t.phrases)];
  const parts: string[] = [];
  if (strong.length) parts.push(`The title mentions, or the abstract dwells on, ${list(strong, ', ')}`);
  if (t.all) {
    const groups = t.all.map((g) => `(${list(expand(g), ' or ')})`).join(' and ');
    parts.push(`${parts.length ? 'or the paper' : 'The paper'} combines ${groups}`);
  }
  let text = `${parts.join('; ')}.`;
  const cues = expand(t.cues);
  if (cues.length) text += ` Supporting phrases: ${list(cues, ', ')}.`;
  if (t.require) text += ` Only when it also mentions ${list(expand(t.require), ' or ')}.`;
  if (t.exclude) text += ` Not when it mentions ${list(expand(t.exclude), ' or ')}.`;
  if (t.categories) text += ` Only for papers in ${t.categories.join(', ')}.`;
  return text;
}
