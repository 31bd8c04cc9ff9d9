import type { Field } from '../matching/field-scan';
import type { RulePack } from '../pack/model';
import {
  ROLE_BITS,
  ROLE_CUE,
  ROLE_EXCLUDE,
  ROLE_GROUP,
  ROLE_REQUIRE,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
} from '../pack/model';

/**
 * Per-topic counters for one paper, in flat arrays reused from paper to paper (a paper touches a few
 * dozen of the pack's topics; allocating an object for each was most of the scoring time).
 * `stamp` says which paper a topic's counters belong to, so nothing needs clearing.
 */
export class Tallies {
  paper = 0;
  readonly stamp: Uint32Array;
  readonly strongTitle: Uint16Array;
  readonly lastTitlePattern: Int32Array;
  readonly strongAbstract: Uint16Array;
  readonly cueTitle: Uint16Array;
  readonly cueAbstract: Uint16Array;
  readonly groups: Uint8Array;
  readonly groupsInTitle: Uint8Array;
  readonly groupHits: Uint16Array;
  readonly required: Uint8Array;
  readonly excluded: Uint8Array;
  /** The first phrase (pattern) that counted for a topic, whether another one did, whether any spans words. */
  readonly firstPattern: Int32Array;
  readonly otherPattern: Uint8Array;
  readonly multiWord: Uint8Array;
  /** Containment: a hit inside a longer hit of the same topic adds nothing. */
  readonly field: Int8Array;
  readonly coveredEnd: Int32Array;
  readonly lastHit: Int32Array;
  readonly lastHitContained: Uint8Array;
  touched: number[] = [];
  touchedCount = 0;
  /** Hits that count, as topic and ref (hit number * 2 + field); evidence is built for given topics only. */
  refTopics = new Int32Array(256);
  refs = new Int32Array(256);
  refCount = 0;

  constructor(n: number) {
    this.stamp = new Uint32Array(n);
    this.strongTitle = new Uint16Array(n);
    this.lastTitlePattern = new Int32Array(n);
    this.strongAbstract = new Uint16Array(n);
    this.cueTitle = new Uint16Array(n);
    this.cueAbstract = new Uint16Array(n);
    this.groups = new Uint8Array(n);
    this.groupsInTitle = new Uint8Array(n);
    this.groupHits = new Uint16Array(n);
    this.required = new Uint8Array(n);
    this.excluded = new Uint8Array(n);
    this.firstPattern = new Int32Array(n);
    this.otherPattern = new Uint8Array(n);
    this.multiWord = new Uint8Array(n);
    this.field = new Int8Array(n);
    this.coveredEnd = new Int32Array(n);
    this.lastHit = new Int32Array(n);
    this.lastHitContained = new Uint8Array(n);
  }

  start() {
    this.paper = (this.paper + 1) >>> 0 || 1;
    this.touchedCount = 0;
    this.refCount = 0;
  }

  touch(t: number) {
    if (this.stamp[t] === this.paper) return;
    this.stamp[t] = this.paper;
    this.touched[this.touchedCount++] = t;
    this.strongTitle[t] = 0;
    this.lastTitlePattern[t] = -1;
    this.strongAbstract[t] = 0;
    this.cueTitle[t] = 0;
    this.cueAbstract[t] = 0;
    this.groups[t] = 0;
    this.groupsInTitle[t] = 0;
    this.groupHits[t] = 0;
    this.required[t] = 0;
    this.excluded[t] = 0;
    this.firstPattern[t] = -1;
    this.otherPattern[t] = 0;
    this.multiWord[t] = 0;
    this.field[t] = -1;
    this.coveredEnd[t] = -1;
    this.lastHit[t] = -1;
    this.lastHitContained[t] = 0;
  }

  /** Whether this hit lies inside a longer one already counted for the topic (recording it if not). */
  contained(t: number, field: number, ref: number, end: number): boolean {
    if (this.field[t] !== field) {
      this.field[t] = field;
      this.coveredEnd[t] = -1;
    }
    if (this.lastHit[t] !== ref) {
      this.lastHit[t] = ref;
      const inside = end <= this.coveredEnd[t]!;
      this.lastHitContained[t] = inside ? 1 : 0;
      if (!inside) this.coveredEnd[t] = end;
    }
    return this.lastHitContained[t] === 1;
  }

  /** Notes the phrase of a hit that counted as evidence (strong, cue or group) for a topic. */
  support(topic: number, pattern: number, words: number) {
    if (words > 1) this.multiWord[topic] = 1;
    const first = this.firstPattern[topic]!;
    if (first === -1) this.firstPattern[topic] = pattern;
    else if (first !== pattern) this.otherPattern[topic] = 1;
  }

  /** Remembers that a hit counted for a topic (once per hit and topic, in hit order). */
  addRef(topic: number, ref: number) {
    const last = this.refCount - 1;
    if (last >= 0 && this.refs[last] === ref && this.refTopics[last] === topic) return;
    if (this.refCount === this.refs.length) {
      const refs = new Int32Array(this.refs.length * 2);
      refs.set(this.refs);
      this.refs = refs;
      const topics = new Int32Array(refs.length);
      topics.set(this.refTopics);
      this.refTopics = topics;
    }
    this.refTopics[this.refCount] = topic;
    this.refs[this.refCount++] = ref;
  }
}

const scratch = new WeakMap<RulePack, Tallies>();

/** Counts every hit of the paper for the topics whose phrases it is (strong, cue, group, require, exclude). */
export function tallyHits(pack: RulePack, fields: readonly Field[]): Tallies {
  let t = scratch.get(pack);
  if (!t) {
    t = new Tallies(pack.rules.length);
    scratch.set(pack, t);
  }
  t.start();
  const { usageStarts, usageCodes } = pack;
  for (let field = 0; field < fields.length; field++) {
    const { where, scan } = fields[field]!;
    const inTitle = where === 'title';
    for (let h = 0; h < scan.hitCount; h++) {
      const pattern = scan.hitPattern[h]!;
      const end = scan.hitEnd[h]!;
      const ref = h * 2 + field;
      for (let u = usageStarts[pattern]!; u < usageStarts[pattern + 1]!; u++) {
        const usage = usageCodes[u]!;
        const topic = usage >> ROLE_BITS;
        let role = usage & (ROLES - 1);
        if (role >= ROLE_TITLE_ONLY) {
          if (!inTitle) continue;
          role -= ROLE_TITLE_ONLY;
        }
        t.touch(topic);
        if (role === ROLE_EXCLUDE) {
          t.excluded[topic] = 1;
          continue;
        }
        if (role === ROLE_REQUIRE) t.required[topic] = 1;
        else if (t.contained(topic, field, ref, end)) continue;
        else {
          t.support(topic, pattern, end - scan.hitStart[h]!);
          if (role === ROLE_STRONG) {
            if (!inTitle) t.strongAbstract[topic]!++;
            else if (t.lastTitlePattern[topic] !== pattern) {
              t.lastTitlePattern[topic] = pattern;
              t.strongTitle[topic]!++;
            }
          } else if (role === ROLE_CUE) {
            if (inTitle) t.cueTitle[topic]!++;
            else t.cueAbstract[topic]!++;
          } else {
            const bit = 1 << (role - ROLE_GROUP);
            t.groups[topic]! |= bit;
            if (inTitle) t.groupsInTitle[topic]! |= bit;
            t.groupHits[topic]!++;
          }
        }
        t.addRef(topic, ref);
      }
    }
  }
  return t;
}
