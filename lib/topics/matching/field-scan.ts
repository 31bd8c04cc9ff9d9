/** One field of the paper, scanned: its words and phrase hits (start order, longest first at one start). */
export interface Field {
  where: 'title' | 'abstract';
  scan: FieldScan;
}

/**
 * One field of a paper after scanning, in flat arrays reused from paper to paper: its words (ids in the
 * index's word table) and its phrase hits (pattern, first word, word after the last).
 */
export class FieldScan {
  words: Int32Array<ArrayBuffer> = new Int32Array(512);
  wordCount = 0;
  hitPattern = new Int32Array(128);
  hitStart = new Int32Array(128);
  hitEnd = new Int32Array(128);
  hitCount = 0;

  pushHit(pattern: number, start: number, end: number) {
    const n = this.hitCount++;
    if (n === this.hitPattern.length) {
      this.hitPattern = grown(this.hitPattern);
      this.hitStart = grown(this.hitStart);
      this.hitEnd = grown(this.hitEnd);
    }
    this.hitPattern[n] = pattern;
    this.hitStart[n] = start;
    this.hitEnd[n] = end;
  }
}

function grown(a: Int32Array<ArrayBuffer>, size = a.length * 2): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
