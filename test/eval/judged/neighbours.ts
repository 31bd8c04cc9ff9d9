/**
 * Nearest neighbours of papers by TF-IDF cosine (title words counted twice, stemmed, each paper's 40 heaviest
 * terms). A recall source for the judged set's candidates and pools, independent of the pack's rules.
 */
import { stemmer } from 'stemmer';

const STOP = new Set(
  'the and for with that this from are our its their these those which into over under than then also such can may has have been was were not but all any each more most other some what when where while how both between using based via new show shows propose proposes proposed approach method methods paper work results model models task tasks framework data large language learning performance existing state art'.split(
    ' ',
  ),
);
const TERMS_PER_PAPER = 40;

export interface PaperText {
  title: string;
  abstract: string;
}

export function paperTerms(paper: PaperText): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
      if (raw.length < 3 || STOP.has(raw) || /^\d+$/.test(raw)) continue;
      const term = stemmer(raw);
      counts.set(term, (counts.get(term) ?? 0) + weight);
    }
  };
  add(paper.title, 2);
  add(paper.abstract, 1);
  return counts;
}

/** For every paper, its `k` most similar other papers (index, cosine), best first. */
export function nearestNeighbours(
  papers: readonly PaperText[],
  k: number,
): { index: number; similarity: number }[][] {
  const terms = papers.map(paperTerms);
  const df = new Map<string, number>();
  for (const t of terms) for (const term of t.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = papers.length;
  const vectors = terms.map((t) => {
    const weighted: [string, number][] = [];
    for (const [term, tf] of t) {
      const d = df.get(term)!;
      if (d < 2 || d > n * 0.1) continue;
      weighted.push([term, (1 + Math.log(tf)) * Math.log(n / d)]);
    }
    weighted.sort((a, b) => b[1] - a[1]);
    const top = weighted.slice(0, TERMS_PER_PAPER);
    const norm = Math.sqrt(top.reduce((s, [, w]) => s + w * w, 0)) || 1;
    return top.map(([term, w]) => [term, w / norm] as const);
  });
  const postings = new Map<string, { docs: number[]; weights: number[] }>();
  vectors.forEach((v, doc) => {
    for (const [term, w] of v) {
      const p = postings.get(term) ?? { docs: [], weights: [] };
      postings.set(term, p);
      p.docs.push(doc);
      p.weights.push(w);
    }
  });
  const scores = new Float64Array(n);
  const touched: number[] = [];
  return vectors.map((v, self) => {
    for (const [term, w] of v) {
      const p = postings.get(term)!;
      for (let i = 0; i < p.docs.length; i++) {
        const doc = p.docs[i]!;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc]! += w * p.weights[i]!;
      }
    }
    const best: { index: number; similarity: number }[] = [];
    for (const doc of touched) {
      if (doc !== self) best.push({ index: doc, similarity: scores[doc]! });
      scores[doc] = 0;
    }
    touched.length = 0;
    best.sort((a, b) => b.similarity - a.similarity);
    return best.slice(0, k);
  });
}
