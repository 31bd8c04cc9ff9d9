/**
 * The model's answer as shown: only sentences that cite, with [n], at least one of the n retrieved papers,
 * and cite nothing else. A sentence without a valid citation is dropped, not shown: the model may know
 * things, but the answer says only what the papers say.
 */

export interface CitedSentence {
  text: string;
  /** 1-based numbers of the retrieved papers it cites, in order of first citation. */
  cites: number[];
}

export interface CitedAnswer {
  sentences: CitedSentence[];
  /** Sentences left out: no citation, or one pointing at no retrieved paper. */
  dropped: number;
}

const CITATION = /\[(\d+(?:\s*[,;–-]\s*\d+)*)\]/g;

/** Sentences of a written answer: an end mark (after any closing citation) and a space end one. */
export function splitSentences(text: string): { complete: string[]; rest: string } {
  const complete: string[] = [];
  const end = /[.!?](?:\s*\[[\d\s,;–-]+\])*(?=\s+|$)/g;
  let from = 0;
  for (const match of text.matchAll(end)) {
    const stop = match.index + match[0].length;
    // The last one is complete only if something follows it (more may still stream in).
    if (stop >= text.length) break;
    const sentence = text.slice(from, stop).trim();
    if (sentence) complete.push(sentence);
    from = stop;
  }
  return { complete, rest: text.slice(from).trim() };
}

/** The numbers a sentence cites ("[2]", "[1, 3]", "[2-4]"). */
export function citationsOf(sentence: string): number[] {
  const out: number[] = [];
  for (const [, inner] of sentence.matchAll(CITATION)) {
    for (const part of inner!.split(/\s*[,;]\s*/)) {
      const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
      const [a, b] = range ? [Number(range[1]), Number(range[2])] : [Number(part), Number(part)];
      for (let n = a; n <= Math.min(b, a + 20); n++) if (!out.includes(n)) out.push(n);
    }
  }
  return out;
}

/** Keeps the sentences whose citations are all among 1..sources (and that have one). */
export function keepCited(sentences: readonly string[], sources: number): CitedAnswer {
  const kept: CitedSentence[] = [];
  let dropped = 0;
  for (const text of sentences) {
    const cites = citationsOf(text);
    if (cites.length === 0 || cites.some((n) => n < 1 || n > sources)) dropped++;
    else kept.push({ text, cites });
  }
  return { sentences: kept, dropped };
}
