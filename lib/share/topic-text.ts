/**
 * A custom topic as text to share (mail, chat): readable, and pasted into "Add topic" it fills the name
 * and the query. A query is one line (newlines mean nothing to the query language).
 */
const HEADER = 'PaperPulse topic';

export function topicShareText(topic: { name: string; query: string }): string {
  return `${HEADER}\nname: ${oneLine(topic.name)}\nquery: ${oneLine(topic.query)}\n`;
}

/** The name and query of a shared topic's text, or null when the text is not one. */
export function parseTopicShareText(text: string): { name: string; query: string } | null {
  if (text.length > 5000) return null;
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  if (lines[0]?.trim() !== HEADER) return null;
  const field = (key: string) => {
    const line = lines.find((l) => l.trimStart().toLowerCase().startsWith(`${key}:`));
    return line ? line.slice(line.indexOf(':') + 1).trim() : '';
  };
  const name = field('name').slice(0, 120);
  const query = field('query').slice(0, 2000);
  return name && query ? { name, query } : null;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
