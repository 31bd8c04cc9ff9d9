import type { TopicInfo } from '@/lib/messages/schemas';

/**
 * What counts as the topic: its description, other names, and the rule the tagger applies. A pack topic's rule
 * is a few sentences (lib/topics: "The title mentions ...; or the paper combines ... Only when ... Not when
 * ..."): shown as a list, one condition a line. A user topic's rule is its query, shown as code.
 */
export function TopicDefinition({ info }: { info: TopicInfo }) {
  return (
    <section class="pp-section" aria-labelledby="pp-definition-heading">
      <h2 id="pp-definition-heading">What counts as {info.name}</h2>
      <p data-description>{info.description || 'No description.'}</p>
      {info.aliases.length > 0 && <p>Also called: {info.aliases.join(', ')}.</p>}
      {info.rule ? (
        <>
          <h3>Rule</h3>
          {info.kind === 'user' ? (
            <pre class="pp-rule" data-rule>
              <code>{info.rule}</code>
            </pre>
          ) : (
            <ul class="pp-rule-list" data-rule>
              {ruleLines(info.rule).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        info.kind === 'category' && <p>Every paper listed in {info.id} on arXiv (primary or cross-list).</p>
      )}
    </section>
  );
}

/** The conditions of a rule sentence, one a line: split at "; " and at sentence ends outside quotes. */
export function ruleLines(rule: string): string[] {
  const lines: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < rule.length; i++) {
    const c = rule[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === '.') && (rule[i + 1] === ' ' || i === rule.length - 1)) {
      const line = rule.slice(start, i).trim();
      if (line) lines.push(line.charAt(0).toUpperCase() + line.slice(1));
      start = i + 1;
    }
  }
  const rest = rule.slice(start).trim();
  if (rest) lines.push(rest.charAt(0).toUpperCase() + rest.slice(1));
  return lines;
}
