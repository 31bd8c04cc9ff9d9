import { decodeNumbers, encodeNumbers } from '../matching/number-text';
import { ModelError } from './model-load';

/**
 * A topic's weights as model.json writes them: [feature, weight] pairs, features as gaps from the previous
 * one and weights in thousandths, zigzag-coded (0, -1, 1, -2, ... as 0, 1, 2, 3, ...), in number-text.
 * model-load.ts reads the same layout straight into its posting arrays.
 */

/** A topic's weights as [feature, weight] pairs (see `weights` in model-schema.ts). */
export function decodeWeights(id: string, text: string, featureCount: number): [number, number][] {
  const numbers = decodeNumbers(text);
  if (!numbers || numbers.length % 2 !== 0) throw new ModelError(`model: ${id}: weights are not pairs`);
  const pairs: [number, number][] = [];
  let f = 0;
  for (let i = 0; i < numbers.length; i += 2) {
    f += numbers[i]!;
    if (f >= featureCount) throw new ModelError(`model: ${id}: bad feature ${f}`);
    const z = numbers[i + 1]!;
    pairs.push([f, (z & 1 ? -(z + 1) / 2 : z / 2) / 1000]);
  }
  return pairs;
}

/** Weights as `decodeWeights` reads them. */
export function encodeWeights(pairs: readonly (readonly [number, number])[]): string {
  let previous = 0;
  const numbers: number[] = [];
  for (const [f, w] of [...pairs].sort((a, b) => a[0] - b[0])) {
    const milli = Math.round(w * 1000);
    numbers.push(f - previous, milli >= 0 ? 2 * milli : -2 * milli - 1);
    previous = f;
  }
  return encodeNumbers(numbers);
}
