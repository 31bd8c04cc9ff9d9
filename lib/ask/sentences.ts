/**
 * The sentences of an abstract, each a verbatim slice of it (trimmed). Rule-based boundary detection with
 * a list of abbreviations, as sentence splitters for English do: a full stop, question or exclamation mark
 * (closing quotes or brackets may follow) ends a sentence when a space and a capital, a digit or an opening
 * bracket come next, unless the word before the full stop is an abbreviation ("e.g.", "et al.", "Fig.",
 * "vs.") or an initial ("J. Smith"). arXiv abstracts also glue sentences ("…scenarios.In this work…"): a
 * full stop right after a lower-case word and right before a capitalised word ends a sentence too.
 *
 * Intl.Segmenter (Unicode's sentence rules) was tried and left: it splits after "e.g. BLEU", "vs. GPT-4"
 * and "Sec. 4", and never splits a glued "scenarios.In" (test/eval/results/ask-dev-notes.md).
 */

/** Words written with a full stop that rarely end a sentence in an abstract (lower case, no final stop). */
const ABBREVIATIONS = new Set(
  (
    'al alg approx ca cf ch co corp def dr eq eqn eqns eqs esp etc fig figs inc jr ltd mr mrs ms no nos ' +
    'pp prof ref refs resp sec secs sect sr st tab tbl thm viz vol vs w.r.t e.g i.e a.k.a'
  ).split(' '),
);

/**
 * A candidate end: the marks, closing quotes or brackets, then a space before a capital, digit or opening
 * bracket (or a LaTeX emphasis opening one: "\textbf{Second}"), or glued to a capitalised word ("In",
 * "RATE-Nav") or to an enumeration's "(2)".
 */
const BOUNDARY =
  /[.!?]+["'”’)\]]*(?:\s+(?=(?:\\(?:textbf|textit|emph|underline)\{)?["“'([]?[A-Z0-9])|(?=[A-Z][A-Za-z]|\((?:\d{1,2}|[ivx]{1,4})\)))/g;

/** "U.S", "e.g", "a.k.a": single letters joined by full stops. */
const DOTTED = /^(?:[A-Za-z]\.)+[A-Za-z]$/;

/** The word just before position `end` (its leading brackets and quotes dropped). */
function wordBefore(text: string, end: number): string {
  const word = /\S*$/.exec(text.slice(Math.max(0, end - 40), end))![0];
  return word.replace(/^["'“‘([]+/, '');
}

function endsSentence(text: string, match: RegExpMatchArray): boolean {
  const at = match.index!;
  const marks = match[0];
  const glued = !/\s/.test(marks);
  if (marks[0] !== '.' || marks.startsWith('..')) return !glued || /[a-z0-9)\]%]/.test(text[at - 1] ?? '');
  const word = wordBefore(text, at);
  if (glued) {
    // "scenarios.In", "GSM8K.Our": a word ending in two letters or digits, one of them lower case or a digit
    // ("e.g.The" is an abbreviation and "U.S.Army" dotted, below; "API.The" stays one).
    if (!/(?:[a-z0-9)\]%][A-Za-z0-9)\]%]|[A-Z][0-9a-z)\]%])$/.test(word)) return false;
  }
  const key = word.toLowerCase();
  if (ABBREVIATIONS.has(key) || DOTTED.test(word)) return false;
  // An initial: "J. Smith", "A. Turing".
  return !/^[A-Z]$/.test(word);
}

/** The sentences of a text, in order; each is a substring of it, so a quoted sentence stays verbatim. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    if (!endsSentence(text, match)) continue;
    const end = match.index! + match[0].trimEnd().length;
    const sentence = text.slice(start, end).trim();
    if (sentence) out.push(sentence);
    start = end;
  }
  const last = text.slice(start).trim();
  if (last) out.push(last);
  return out;
}
