import { type CitedAnswer, keepCited, splitSentences } from './citations';
import type { SourcePaper } from './extractive';
import {
  contextRoom,
  type LanguageModelApi,
  type LanguageModelSession,
  measureTokens,
  openSession,
} from './prompt-model';

/** Tokens kept free for the answer; the answer is cut at ANSWER_CHARS, well inside them. */
export const ANSWER_RESERVE = 600;
export const ANSWER_CHARS = ANSWER_RESERVE * 2;

export class ContextOverflowError extends Error {
  constructor() {
    super('Even one abstract does not fit the on-device model’s context window.');
    this.name = 'ContextOverflowError';
  }
}

export function buildPrompt(question: string, papers: readonly SourcePaper[]): string {
  const abstracts = papers.map((p, i) => `[${i + 1}] ${p.title}\n${p.abstract}`).join('\n\n');
  return `Abstracts:\n\n${abstracts}\n\nQuestion: ${question}\nAnswer, citing the abstracts by number:`;
}

/**
 * The prompt with as many of the retrieved papers (best first) as fit the context window with
 * ANSWER_RESERVE tokens to spare; throws ContextOverflowError when not even the first fits.
 */
export async function fitPrompt(
  session: LanguageModelSession,
  question: string,
  papers: readonly SourcePaper[],
  signal?: AbortSignal,
): Promise<{ prompt: string; sources: SourcePaper[] }> {
  const room = contextRoom(session) - ANSWER_RESERVE;
  for (let n = papers.length; n >= 1; n--) {
    const prompt = buildPrompt(question, papers.slice(0, n));
    if ((await measureTokens(session, prompt, signal)) <= room)
      return { prompt, sources: papers.slice(0, n) };
  }
  throw new ContextOverflowError();
}

export interface ModelProgress extends CitedAnswer {
  /** The numbered papers the answer may cite ([1] is sources[0]). */
  sources: SourcePaper[];
  done: boolean;
  /** Stopped by the user (or the page closing) before the model finished. */
  stopped: boolean;
}

async function* chunksOf(stream: ReadableStream<string> | AsyncIterable<string>): AsyncGenerator<string> {
  if ('getReader' in stream) {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  } else yield* stream;
}

/**
 * Streams the answer: after each chunk, `onUpdate` gets the complete sentences so far that cite retrieved
 * papers (others dropped). Chrome before 137 streamed the whole text so far in each chunk, later ones only
 * what is new: both are read. Stops at ANSWER_CHARS or when `signal` aborts; resolves with the last update.
 */
export async function streamAnswer(
  session: LanguageModelSession,
  prompt: string,
  sources: SourcePaper[],
  signal: AbortSignal,
  onUpdate: (progress: ModelProgress) => void,
): Promise<ModelProgress> {
  let text = '';
  let stopped = false;
  const update = (done: boolean) => {
    const { complete, rest } = splitSentences(text);
    const sentences = done && rest ? [...complete, rest] : complete;
    const progress = { ...keepCited(sentences, sources.length), sources, done, stopped };
    onUpdate(progress);
    return progress;
  };
  try {
    for await (const chunk of chunksOf(session.promptStreaming(prompt, { signal }))) {
      text = text.length > 0 && chunk.length > text.length && chunk.startsWith(text) ? chunk : text + chunk;
      if (text.length >= ANSWER_CHARS) {
        text = text.slice(0, ANSWER_CHARS);
        break;
      }
      update(false);
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
  stopped = signal.aborted;
  return update(true);
}

/**
 * One written answer, from session to last sentence; `stop()` (the Stop button, or the page closing)
 * aborts it and destroys the session. The first `sources` papers of `papers` are the ones it may cite.
 */
export function startModelAnswer(options: {
  api: LanguageModelApi;
  question: string;
  papers: readonly SourcePaper[];
  onUpdate: (progress: ModelProgress) => void;
  onDownload?: (loaded: number) => void;
}): { done: Promise<ModelProgress>; stop: () => void } {
  const controller = new AbortController();
  let session: LanguageModelSession | undefined;
  const done = (async () => {
    session = await openSession(options.api, controller.signal, options.onDownload);
    if (controller.signal.aborted) session.destroy();
    controller.signal.throwIfAborted();
    const { prompt, sources } = await fitPrompt(session, options.question, options.papers, controller.signal);
    controller.signal.throwIfAborted();
    return await streamAnswer(session, prompt, sources, controller.signal, options.onUpdate);
  })().finally(() => session?.destroy());
  return {
    done,
    stop: () => {
      controller.abort();
      session?.destroy();
    },
  };
}
