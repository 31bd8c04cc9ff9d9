/**
 * As-written words of texts -> a number, looked up from the text's characters: an open-addressing table on
 * an FNV-1a hash of the characters, compared in place (`startsWith`), so that a word seen before costs no
 * new string. Encoding 50,000 papers looks up some 3.5 million words, nearly all seen before; slicing each
 * into a string to look it up in a Map was a third of `pulse discover`.
 */
export class RawWords {
  private mask = (1 << 15) - 1;
  private hashes = new Int32Array(this.mask + 1);
  /** '' is an empty slot (no word is empty); filled, not sparse, so the array keeps fast elements. */
  private raws: string[] = emptySlots(this.mask + 1);
  private values = new Int32Array(this.mask + 1);
  private size = 0;

  /** The number of text[start, end), made by `value(raw)` the first time the word is seen. */
  lookup(text: string, start: number, end: number, value: (raw: string) => number): number {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    let slot = hash & this.mask;
    for (let raw = this.raws[slot]!; raw !== ''; raw = this.raws[slot]!) {
      if (this.hashes[slot] === hash && raw.length === end - start && text.startsWith(raw, start)) {
        return this.values[slot]!;
      }
      slot = (slot + 1) & this.mask;
    }
    const raw = text.slice(start, end);
    const made = value(raw);
    this.place(slot, hash, raw, made);
    if (2 * this.size > this.mask) this.grow();
    return made;
  }

  private place(slot: number, hash: number, raw: string, value: number): void {
    this.hashes[slot] = hash;
    this.raws[slot] = raw;
    this.values[slot] = value;
    this.size++;
  }

  private grow(): void {
    const { hashes, raws, values } = this;
    this.mask = 2 * this.mask + 1;
    this.hashes = new Int32Array(this.mask + 1);
    this.raws = emptySlots(this.mask + 1);
    this.values = new Int32Array(this.mask + 1);
    this.size = 0;
    raws.forEach((raw, i) => {
      if (raw === '') return;
      let slot = hashes[i]! & this.mask;
      while (this.raws[slot] !== '') slot = (slot + 1) & this.mask;
      this.place(slot, hashes[i]!, raw, values[i]!);
    });
  }
}

function emptySlots(n: number): string[] {
  return Array.from({ length: n }, () => '');
}
