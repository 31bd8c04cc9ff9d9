import type {
  Availability,
  CreateOptions,
  LanguageModelApi,
  LanguageModelSession,
} from '@/lib/ask/prompt-model';

/**
 * A fake of Chrome's `LanguageModel`: scripted availability, download progress, a context window counted
 * at four characters a token, and an answer streamed one chunk a macrotask (as deltas, or as the whole text
 * so far like Chrome before 137). It records what the code under test did with it.
 */
export interface FakeModelOptions {
  availability?: Availability | 'throws' | 'weird';
  chunks?: string[];
  /** Keep streaming `chunks` forever. */
  endless?: boolean;
  cumulative?: boolean;
  contextWindow?: number;
  /** 'context': measureContextUsage/contextWindow (current); 'input': measureInputUsage/inputQuota (138-141). */
  api?: 'context' | 'input';
  downloadSteps?: number[];
}

export const tokens = (text: string) => Math.ceil(text.length / 4);

export function fakeLanguageModel(options: FakeModelOptions = {}) {
  const record = {
    created: [] as CreateOptions[],
    prompts: [] as string[],
    sessions: [] as { destroyed: boolean; signal?: AbortSignal | undefined }[],
    streamed: '',
  };
  const window = options.contextWindow ?? 4096;
  const api: LanguageModelApi = {
    async availability() {
      if (options.availability === 'throws') throw new Error('NotSupportedError');
      return (options.availability ?? 'available') as Availability;
    },
    async create(create = {}) {
      record.created.push(create);
      const monitor = new EventTarget();
      create.monitor?.(monitor);
      for (const loaded of options.downloadSteps ?? []) {
        const event = Object.assign(new Event('downloadprogress'), { loaded });
        monitor.dispatchEvent(event);
      }
      const system = create.initialPrompts?.map((p) => p.content).join('\n') ?? '';
      const state = { destroyed: false, signal: undefined as AbortSignal | undefined };
      record.sessions.push(state);
      const measure = async (text: string) => tokens(text);
      const session: LanguageModelSession = {
        promptStreaming(prompt, { signal } = {}) {
          record.prompts.push(prompt);
          state.signal = signal;
          return streamOf(options, signal, record);
        },
        destroy() {
          state.destroyed = true;
        },
      };
      if ((options.api ?? 'context') === 'context') {
        Object.assign(session, {
          measureContextUsage: measure,
          contextWindow: window,
          contextUsage: tokens(system),
        });
      } else {
        Object.assign(session, {
          measureInputUsage: measure,
          inputQuota: window,
          inputUsage: tokens(system),
        });
      }
      return session;
    },
  };
  return { api, record };
}

function streamOf(options: FakeModelOptions, signal: AbortSignal | undefined, record: { streamed: string }) {
  const chunks = options.chunks ?? [];
  let i = 0;
  return new ReadableStream<string>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (signal?.aborted) {
        controller.error(new DOMException('Aborted', 'AbortError'));
        return;
      }
      if (i >= chunks.length && !options.endless) {
        controller.close();
        return;
      }
      const chunk = chunks[i++ % chunks.length]!;
      record.streamed += chunk;
      controller.enqueue(options.cumulative ? record.streamed : chunk);
    },
  });
}
