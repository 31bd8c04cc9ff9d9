import { readFile } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { CliError } from './command';

/** Decompressed pieces of 1 MiB: few enough hops, and a gunzip runs off the main thread meanwhile. */
const CHUNK = 1 << 20;

/**
 * A file's content as byte chunks, gunzipped when it is gzip (the shared corpus is .jsonl.gz). Gunzipping as
 * a stream lets the reader parse one chunk while zlib inflates the next on another thread, and never joins
 * the chunks into one buffer (of the real corpus, 88 MB: copying and decoding it whole was a third of
 * `pulse discover`'s reading).
 */
export async function fileChunks(path: string): Promise<AsyncIterable<Buffer>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw cannotRead(path, error);
  }
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return oneChunk(bytes);
  return gunzipped(bytes, path);
}

async function* oneChunk(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

async function* gunzipped(bytes: Buffer, path: string): AsyncGenerator<Buffer> {
  const gunzip = createGunzip({ chunkSize: CHUNK });
  gunzip.end(bytes);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function cannotRead(path: string, error: unknown): CliError {
  return new CliError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
}

/**
 * Byte chunks -> text lines (split at "\n", as `text.split('\n')` would, numbered from 1), each decoded
 * from its own bytes: a line of plain ASCII stays a one-byte string, where slicing one decoded text would
 * make every line two-byte as soon as one character of the file is not ASCII (JSON.parse reads those slower).
 * A "\n" byte is never inside a UTF-8 sequence, so the lines are the same as decoding the whole text first.
 */
export class LineSplitter {
  private rest: Buffer | undefined;
  private line = 0;

  constructor(private readonly visit: (line: string, lineNumber: number) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    if (this.rest) {
      const end = chunk.indexOf(10);
      if (end < 0) {
        this.rest = Buffer.concat([this.rest, chunk]);
        return;
      }
      this.visit(Buffer.concat([this.rest, chunk.subarray(0, end)]).toString('utf8'), ++this.line);
      this.rest = undefined;
      start = end + 1;
    }
    for (let end = chunk.indexOf(10, start); end >= 0; end = chunk.indexOf(10, start)) {
      this.visit(chunk.toString('utf8', start, end), ++this.line);
      start = end + 1;
    }
    if (start < chunk.length) this.rest = chunk.subarray(start);
  }

  /** The last line when the text does not end with "\n". */
  end(): void {
    if (this.rest) this.visit(this.rest.toString('utf8'), ++this.line);
    this.rest = undefined;
  }
}
