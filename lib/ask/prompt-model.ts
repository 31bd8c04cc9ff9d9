/**
 * Chrome's built-in language model (the Prompt API, `LanguageModel`, in extension pages since Chrome 138),
 * as far as Ask uses it. Typed here, not from lib.dom (it is not there yet); every member Ask reads that
 * older or newer builds name differently is optional: `measureContextUsage`/`contextWindow`/`contextUsage`
 * (current) and `measureInputUsage`/`inputQuota`/`inputUsage` (Chrome 138-141).
 */

export type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface LanguageModelSession {
  promptStreaming(
    input: string,
    options?: { signal?: AbortSignal },
  ): ReadableStream<string> | AsyncIterable<string>;
  measureContextUsage?(input: string, options?: { signal?: AbortSignal }): Promise<number>;
  measureInputUsage?(input: string, options?: { signal?: AbortSignal }): Promise<number>;
  contextWindow?: number;
  contextUsage?: number;
  inputQuota?: number;
  inputUsage?: number;
  destroy(): void;
}

export interface CreateOptions {
  signal?: AbortSignal;
  monitor?: (monitor: EventTarget) => void;
  initialPrompts?: { role: 'system' | 'user' | 'assistant'; content: string }[];
  expectedInputs?: { type: 'text'; languages: string[] }[];
  expectedOutputs?: { type: 'text'; languages: string[] }[];
}

export interface LanguageModelApi {
  availability(options?: Omit<CreateOptions, 'signal' | 'monitor' | 'initialPrompts'>): Promise<Availability>;
  create(options?: CreateOptions): Promise<LanguageModelSession>;
}

const LANGUAGES: Pick<CreateOptions, 'expectedInputs' | 'expectedOutputs'> = {
  expectedInputs: [{ type: 'text', languages: ['en'] }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
};

export const SYSTEM_PROMPT =
  'You answer a question about research papers using only the numbered abstracts you are given. ' +
  'End every sentence with the number of the abstract it comes from in square brackets, like [2]. ' +
  'Write at most five short sentences. If the abstracts do not answer the question, write only: ' +
  '"These papers don\'t answer that."';

/** The Prompt API where the browser has one (Chrome 138+), else undefined (Firefox, older Chrome). */
export function languageModelOf(scope: object = globalThis): LanguageModelApi | undefined {
  const api = (scope as { LanguageModel?: Partial<LanguageModelApi> }).LanguageModel;
  return typeof api?.availability === 'function' && typeof api.create === 'function'
    ? (api as LanguageModelApi)
    : undefined;
}

/** The model's state for English text; a throwing or unknown answer reads as unavailable. */
export async function modelAvailability(api: LanguageModelApi | undefined): Promise<Availability> {
  if (!api) return 'unavailable';
  try {
    const state = await api.availability(LANGUAGES);
    return ['downloadable', 'downloading', 'available'].includes(state) ? state : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * A session for one answer. Where the model is still to be downloaded this starts the download (the page
 * asks the user first), and `onProgress` hears its progress, 0 to 1.
 */
export function openSession(
  api: LanguageModelApi,
  signal: AbortSignal,
  onProgress: (loaded: number) => void = () => undefined,
): Promise<LanguageModelSession> {
  return api.create({
    ...LANGUAGES,
    signal,
    initialPrompts: [{ role: 'system', content: SYSTEM_PROMPT }],
    monitor(monitor) {
      monitor.addEventListener('downloadprogress', (event) => {
        onProgress(Math.min(1, Math.max(0, (event as Event & { loaded?: number }).loaded ?? 0)));
      });
    },
  });
}

/** Tokens left in the session's context window (the system prompt is in it already). */
export function contextRoom(session: LanguageModelSession): number {
  const window = session.contextWindow ?? session.inputQuota ?? 0;
  const used = session.contextUsage ?? session.inputUsage ?? 0;
  return window - used;
}

/** Tokens a prompt takes, as the session counts them (whichever method this Chrome has). */
export function measureTokens(
  session: LanguageModelSession,
  text: string,
  signal?: AbortSignal,
): Promise<number> {
  const options = signal ? { signal } : undefined;
  if (session.measureContextUsage) return session.measureContextUsage(text, options);
  if (session.measureInputUsage) return session.measureInputUsage(text, options);
  // Neither: count generously (English runs about four characters a token).
  return Promise.resolve(Math.ceil(text.length / 2));
}
