import { acronymDefinitions } from '../discover/acronyms';
import { foldWord } from '../discover/tokens';
import { sentencesOf } from './sentences';

/**
 * The names a paper's title and abstract mention: benchmarks and datasets, and methods (acronyms the topic's
 * papers define). Heuristic by nature; the answers that count them always list the papers, so a reader can
 * check any name in one click.
 */

/** Acronyms every paper of a field uses for the field itself, not a method or a benchmark. */
const GENERIC = new Set(
  (
    'ai agi api cnn cpu cv dl dnn gan gpu gnn iot llm lm lrm lvlm mllm ml mlp nlp nn qa rgb rl rnn sota ' +
    'slm url vlm vla vqa html json pdf sql os ui 2d 3d 4d'
  ).split(' '),
);

/** Metrics, named in the same sentences as benchmarks and defined as acronyms like methods. */
const METRICS = new Set(
  (
    'auc acc bleu cider clip-score fid fps flop iou lpips mae map miou mrr mse ndcg psnr rmse rouge ' +
    'sr ssim wer cer em f1 tflop'
  ).split(' '),
);

/** Model families: named in benchmark sentences as what was evaluated, not what it was evaluated on. */
const MODEL = /^(?:gpt|qwen|llama|claude|gemini|deepseek|mistral|mixtral|phi|gemma|o\d|internvl|llava|sam)/i;

/** Words a name of a benchmark or dataset carries in itself ("SWE-bench", "WebArena", "HotpotQA"). */
const BENCHMARK_WORD = /(?:bench|arena|qa|eval|set|corpus|\d+k)$/i;

/** A sentence that speaks of evaluation data: the names in it are benchmarks or datasets. */
const BENCHMARK_SENTENCE =
  /\b(?:benchmarks?|datasets?|corpus|corpora|test[- ]sets?|evaluated on|experiments on)\b/i;

/** A written name: letters and digits, maybe joined by - or ., with two capitals, or a capital and a digit. */
const NAME = /[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*/g;

export function isNameLike(word: string): boolean {
  const capitals = word.replace(/[^A-Z]/g, '').length;
  const digits = /\d/.test(word);
  if (!/[A-Za-z]/.test(word) || word.length < 2) return false;
  return capitals >= 2 || (capitals >= 1 && digits && /[A-Za-z]{2}/.test(word));
}

/** The key a name is counted under, as acronym definitions are keyed: lower case, no plural ("LLMs" = "LLM"). */
export function nameKey(word: string): string {
  return foldWord(word);
}

function isGeneric(word: string): boolean {
  const key = nameKey(word);
  return GENERIC.has(key) || METRICS.has(key) || MODEL.test(word);
}

/** "3DGS-based" names 3DGS. */
function bareName(word: string): string {
  return word.replace(/-(?:based|like|style|free|aware|guided|driven|specific|level)$/i, '');
}

/** Names of benchmarks and datasets a paper mentions: key -> the way it was written first. */
export function benchmarkNames(paper: { title: string; abstract: string }): Map<string, string> {
  const found = new Map<string, string>();
  for (const sentence of sentencesOf(`${paper.title}. ${paper.abstract}`)) {
    const context = BENCHMARK_SENTENCE.test(sentence);
    for (const [written] of sentence.matchAll(NAME)) {
      const word = bareName(written);
      if (!isNameLike(word) || isGeneric(word)) continue;
      if (context || BENCHMARK_WORD.test(word)) {
        const key = nameKey(word);
        if (!found.has(key)) found.set(key, word);
      }
    }
  }
  return found;
}

/** Acronyms a paper defines ("Group Relative Policy Optimization (GRPO)"): key -> expansion. */
export function definedAcronyms(paper: { title: string; abstract: string }): Map<string, string> {
  const out = new Map<string, string>();
  for (const { acronym, expansion } of acronymDefinitions(`${paper.title}. ${paper.abstract}`)) {
    // Two letters are mostly fields and settings ("AR", "AD"), not methods; metrics are not methods.
    if (acronym.length < 3 || GENERIC.has(acronym) || METRICS.has(acronym) || out.has(acronym)) continue;
    out.set(acronym, expansion);
  }
  return out;
}

/** The name-like words of a paper: key -> the way it was written first (a method is counted in the papers that write its acronym). */
export function writtenNames(paper: { title: string; abstract: string }): Map<string, string> {
  const names = new Map<string, string>();
  for (const [written] of `${paper.title}. ${paper.abstract}`.matchAll(NAME)) {
    const word = bareName(written);
    if (!isNameLike(word)) continue;
    const key = nameKey(word);
    if (!names.has(key)) names.set(key, word);
  }
  return names;
}
