import { expect } from 'vitest';
import type { TaggableText } from '../../../../lib/paper';
import { type CompiledQuery, compileQuery, matchQuery } from '../../../../lib/topics/query';

export function compiled(query: string): CompiledQuery {
  const result = compileQuery(query);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(query)} to compile: ${result.error.message}`);
  return result.query;
}

export function matches(query: string, paper: TaggableText): boolean {
  return matchQuery(compiled(query), paper) !== null;
}

export function expectError(query: string, position: number, message: string | RegExp): void {
  const result = compileQuery(query);
  expect(result.ok, `expected ${JSON.stringify(query)} to fail`).toBe(false);
  if (result.ok) return;
  expect(result.error.position).toBe(position);
  if (typeof message === 'string') expect(result.error.message).toBe(message);
  else expect(result.error.message).toMatch(message);
}
