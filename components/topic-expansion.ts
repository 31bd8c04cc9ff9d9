/**
 * What a topic's acronym expansion tells a reader, in words. The pack gives "RL: Reinforcement Learning"
 * for Agentic RL; shown as it is, the subtitle named another topic. Where the name uses the acronym, the
 * name is spelled out ("Agentic Reinforcement Learning", "Multilingual Large Language Models"); where the
 * name is the spelled-out form, the acronym is given ("Also called LLM"); else what it stands for.
 */
export function describeExpansion(name: string, expansion: string): string {
  const colon = expansion.indexOf(':');
  if (colon <= 0) return expansion;
  const acronym = expansion.slice(0, colon).trim();
  const full = expansion.slice(colon + 1).trim();
  if (!acronym || !full) return expansion;
  const word = new RegExp(`(^|[\\s(/-])${escapeRegExp(acronym)}(s?)(?=$|[\\s)/,:-])`);
  if (word.test(name))
    return name.replace(word, (_m, before: string, plural: string) => `${before}${full}${plural}`);
  if (name.toLowerCase().startsWith(full.toLowerCase())) return `Also called ${acronym}`;
  return `${acronym} stands for ${full}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
