import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '@/lib/messages/protocol';

/**
 * Messages by area (issue 39): lib/messages/areas/NAME.ts declares the messages that
 * lib/background/handlers/NAME.ts answers, and the protocol map only assembles the areas.
 */
const AREAS = new URL('../../../lib/messages/areas/', import.meta.url);
const HANDLERS = new URL('../../../lib/background/handlers/', import.meta.url);
const areaFiles = readdirSync(AREAS).filter((f) => f.endsWith('.ts') && f !== 'spec-helpers.ts');

/** The message names an area file declares (the keys of its `..._MESSAGES` map). */
async function declared(file: string): Promise<string[]> {
  const module = (await import(`../../../lib/messages/areas/${file}`)) as Record<string, object>;
  return Object.entries(module).flatMap(([name, messages]) =>
    name.endsWith('_MESSAGES') ? Object.keys(messages) : [],
  );
}

/** The message names a handler file answers: the keys it returns (`'name': async`). */
function answered(file: string): string[] {
  const text = readFileSync(new URL(file, HANDLERS), 'utf8');
  return [...text.matchAll(/^\s*'([a-zA-Z]+\.[a-zA-Z]+)':/gm)].map((m) => m[1]!);
}

describe('messages by area', () => {
  it('declares each message once, in the area named after the handler file that answers it', async () => {
    const all: string[] = [];
    for (const file of areaFiles) {
      const names = await declared(file);
      all.push(...names);
      expect(readdirSync(HANDLERS), `a handler file for ${file}`).toContain(file);
      expect(answered(file).sort(), file).toEqual(expect.arrayContaining(names));
    }
    expect(all.length, 'no message declared in two areas').toBe(new Set(all).size);
    expect(all.sort()).toEqual(Object.keys(PROTOCOL).sort());
  });
});
