/**
 * Filler: a phrase a researcher would not follow as a topic, however fast it rose. The rule, on a phrase's
 * folded words (tokens.ts), checked in this order:
 *
 * 1. A unit or a metric's name is filler: "dB", "ms", "FLOPs", "ROC-AUC", "PSNR" (a number's dress, or a
 *    yardstick every topic reads its results on).
 * 2. A phrase with a verb or an adverb in it is style, not a thing: "explicitly models", "model supports",
 *    "enhance large", "explaining", "reducing memory", "model to predict", "co-evolve". Verbs are those of
 *    VERBS in any form (-s, -ed, -ing; a gerund also counts alone: "explaining"), adverbs the words in -ly.
 * 3. A phrase ending in a measured quantity is a result, not a subject: "test accuracy", "visual quality",
 *    "quantization error", "reasoning consistency" (last word in MEASURES), unless a word in it is a name
 *    ("GPT-5 accuracy" is about GPT-5; a name is written with a capital inside or a digit).
 * 4. A phrase made only of the generic nouns and adjectives of method descriptions (GENERIC: the parts and
 *    settings every method has) is filler: "cross-attention", "visual modality", "teacher-student",
 *    "auxiliary models", "token sequences", "historical data". One word outside the list makes a topic:
 *    "KV cache", "agentic memory", "token reduction", "data privacy", "web agents".
 *
 * The examples it is held to are test/unit/discover/filler-examples.ts (the real corpus's top 30s).
 */

import { normalizeText } from '../text/words';
import { segments } from './tokens';

const UNITS = new Set(
  `db dbs hz khz mhz ghz ms fps gb mb tb kb kbps mbps gbps kg km mm cm nm kw mw flop flops gflop gflops tflop
  tflops petaflop auc roc f1 bleu rouge meteor cider mse rmse mae mape psnr ssim lpips fid fvd wer cer map
  miou iou ppl perplexity top1 top5 ndcg mrr`.split(/\s+/),
);

// Verbs of method descriptions ("we enhance", "to predict"); their -s, -ed and -ing forms count too. Verbs
// that also name things ("design", "capture", "generate", "preserve": "privacy-preserving") are left out.
const VERBS = new Set(
  `enhance predict explain reduce evolve improve leverage utilize employ enable achieve outperform
  demonstrate propose introduce address tackle mitigate alleviate boost facilitate exploit incorporate
  integrate ensure explore investigate examine evaluate surpass struggle fail rely aim`.split(/\s+/),
);

// Words that end in -ing or -ed but are nouns or adjectives of topic names.
const NOT_VERB_FORMS = new Set(
  `learning modeling modelling reasoning training planning scaling computing processing understanding
  embedding encoding decoding sampling pruning tuning grounding editing rendering mapping matching
  ranking tracking reading writing speaking hearing sensing mining clustering forecasting fingerprinting
  prompting steering unlearning watermarking alignment routing caching retrieving evolving speed seed embed
  red bed feed need hundred`.split(/\s+/),
);

const MEASURES = new Set(
  `accuracy error errors quality loss score rate performance cost precision recall consistency gain
  overhead efficiency fidelity success correctness robustness reliability`.split(/\s+/),
);

const GENERIC = new Set(
  `cross self attention visual textual text spatial temporal structural structure modality modal
  multimodal teacher student auxiliary external internal historical data model models token tokens
  sequence signal signals conditioning condition space spaces feature features representation input
  output resource resources interaction user users detection algorithm algorithms module component
  mechanism strategy paradigm setting settings scenario constraint constraints prior objective baseline
  pipeline architecture layer layers head heads network networks parameter parameters activation
  activations information knowledge domain domains level levels stage stages process step steps
  module modules block blocks branch fusion feature-level global local fine coarse grained large small
  multi single dual joint hybrid generic general auxiliary additional explicit implicit latent hidden
  training inference test testing evaluation sample samples instance instances example examples
  pattern patterns behavior behaviour context contextual semantic semantics content target source
  query queries key value values weight weights support specific`.split(/\s+/),
);

/** Whether a phrase (its folded words, and whether each is written like a name) is filler, by the rule above. */
export function isFiller(words: readonly string[], nameLike: (i: number) => boolean = () => false): boolean {
  if (words.some((w) => UNITS.has(w))) return true;
  if (words.some(isVerbForm) || words.some(isAdverb)) return true;
  const named = words.some((_, i) => nameLike(i));
  if (!named && MEASURES.has(words.at(-1)!)) return true;
  return !named && words.every((w) => GENERIC.has(w));
}

// Words in -ly that are no adverbs.
const NOT_ADVERBS = new Set(
  'early family anomaly assembly supply italy reply daily weekly monthly yearly friendly poly'.split(' '),
);

function isAdverb(word: string): boolean {
  return word.length > 4 && word.endsWith('ly') && !NOT_ADVERBS.has(word);
}

/** A verb of VERBS in any form; a noun that ends like one ("learning", "seed") is none. */
function isVerbForm(word: string): boolean {
  if (NOT_VERB_FORMS.has(word)) return false;
  for (const stem of stemsOf(word)) if (VERBS.has(stem)) return true;
  return false;
}

/** What a word could be a form of: itself, without -s, -ed, -ing (with the e they drop put back). */
function stemsOf(word: string): string[] {
  const stems = [word];
  if (word.endsWith('s')) stems.push(word.slice(0, -1));
  for (const suffix of ['ing', 'ed']) {
    if (word.endsWith(suffix) && word.length > suffix.length + 2) {
      const stem = word.slice(0, -suffix.length);
      stems.push(stem, `${stem}e`);
    }
  }
  return stems;
}

// As WordTable.isNameLike reads a word: a capital after the first character, or a digit.
const NAME_SHAPED = /^.+[A-Z]|\d/;

/** `isFiller` of a phrase as written ("teacher-student", "GPT-5 accuracy"). */
export function isFillerText(written: string): boolean {
  const text = normalizeText(written);
  const words = segments(text).flat();
  return isFiller(
    words.map((w) => w.key),
    (i) => NAME_SHAPED.test(text.slice(words[i]!.start, words[i]!.end)),
  );
}
