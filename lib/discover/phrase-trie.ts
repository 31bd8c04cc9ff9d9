import type { AcronymAliases } from './acronym-aliases';
import { NODES_A_SLICE, runAll, type Steps } from './slices';
import { JOIN, SEP, type WordTable } from './word-table';

/** A paper with its title and abstract encoded by a WordTable. */
export interface EncodedPaper {
  title: Int32Array;
  abstract: Int32Array;
}

/** Phrases are one to four words long. */
export const MAX_PHRASE_WORDS = 4;

/**
 * Phrase counts in a trie of word ids: walking a phrase one word at a time compares small integers instead
 * of hashing a freshly built phrase string for every occurrence. Counts are kept per window (slot 0 the recent
 * window, slot 1 the baseline), in papers: a paper counts once per phrase and window.
 */
export class PhraseNode {
  children: Map<number, PhraseNode> | undefined;
  /** Papers in the recent window (slot 0) and the baseline (slot 1), and recent papers with it in the title. */
  recent = 0;
  previous = 0;
  titles = 0;
  last = -1;
  lastTitle = -1;
  /** A merged variant (an acronym's expansion) counts on its acronym's node. */
  alias: PhraseNode | undefined;
  /** Kept by `prune` whatever its count (a phrase asked for by name, such as a pack topic's). */
  pinned = false;
  constructor(
    /** Word ids of the phrase. */
    readonly words: readonly number[],
    /** Whether the words can name a topic (phrase-edges.ts); a prefix such as "chain of" cannot. */
    public phrase: boolean,
  ) {}

  count(slot: 0 | 1): number {
    return slot === 0 ? this.recent : this.previous;
  }
}

export class PhraseTrie {
  private readonly root = new Map<number, PhraseNode>();
  private stamp = 0;
  readonly papersPerSlot: number[] = [];
  /** The aliases counted on their acronym's node (those whose both forms are phrases). */
  readonly aliases = new Map<string, string>();

  constructor(
    readonly table: WordTable,
    aliases: AcronymAliases = new Map(),
  ) {
    for (const [expansion, acronym] of aliases) {
      const from = expansion.split(' ').map((w) => table.id(w));
      const to = acronym.split(' ').map((w) => table.id(w));
      // Only phrases the trie would count anyway: an alias must not open a branch ("multi-task learning",
      // whose "task" sits inside no phrase) that a count without it (a kept week, weekly.ts) never has.
      if (!this.countable(from) || !this.countable(to)) continue;
      const target = this.path(to, true);
      const node = this.path(from, true);
      if (target && node && target !== node) {
        node.alias = target;
        this.aliases.set(expansion, acronym);
      }
    }
  }

  /**
   * Counts a paper's phrases in `slot`. With `grow` false, only phrases already in the trie are counted;
   * `admit(word, previous)` false keeps a phrase growing by `word` after `previous` (-1 at its start) out of
   * the trie (too rare for any phrase with it to matter).
   */
  add(
    paper: EncodedPaper,
    slot: 0 | 1,
    grow = true,
    admit?: (word: number, previous: number) => boolean,
  ): void {
    const stamp = this.stamp++;
    this.papersPerSlot[slot] = (this.papersPerSlot[slot] ?? 0) + 1;
    this.addText(paper.title, slot, stamp, true, grow, admit);
    this.addText(paper.abstract, slot, stamp, false, grow, admit);
  }

  private addText(
    ids: Int32Array,
    slot: 0 | 1,
    stamp: number,
    inTitle: boolean,
    grow: boolean,
    admit?: (word: number, previous: number) => boolean,
  ): void {
    const table = this.table;
    for (let i = 0; i < ids.length; i++) {
      const head = ids[i]!;
      if (head < 0 || ids[i - 1] === JOIN || !table.canStart(head)) continue;
      let level: Map<number, PhraseNode> | undefined = this.root;
      let parent: PhraseNode | undefined;
      for (let j = i, n = 0; j < ids.length && n < MAX_PHRASE_WORDS; j++) {
        const word = ids[j]!;
        if (word === JOIN) continue;
        if (word === SEP) break;
        let node: PhraseNode | undefined = level?.get(word);
        if (node === undefined) {
          if (
            !grow ||
            (n > 0 && !table.canInner(word)) ||
            (admit && !admit(word, parent?.words[n - 1] ?? -1))
          )
            break;
          node = new PhraseNode(parent ? [...parent.words, word] : [word], table.canEnd(word, n === 0));
          if (parent) {
            parent.children ??= new Map();
            parent.children.set(word, node);
          } else this.root.set(word, node);
        }
        n++;
        if (node.phrase && ids[j + 1] !== JOIN) tally(node.alias ?? node, slot, stamp, inTitle);
        parent = node;
        level = node.children;
      }
    }
  }

  /** Calls `visit` with each counted phrase node the paper uses (aliases resolved); the trie is unchanged. */
  match(paper: EncodedPaper, visit: (node: PhraseNode, inTitle: boolean) => void): void {
    for (const [ids, inTitle] of [
      [paper.title, true],
      [paper.abstract, false],
    ] as const) {
      for (let i = 0; i < ids.length; i++) {
        if (ids[i]! < 0 || ids[i - 1] === JOIN) continue;
        let level: Map<number, PhraseNode> | undefined = this.root;
        for (let j = i, n = 0; j < ids.length && n < MAX_PHRASE_WORDS && level; j++) {
          if (ids[j] === JOIN) continue;
          const node: PhraseNode | undefined = ids[j] === SEP ? undefined : level.get(ids[j]!);
          if (!node) break;
          n++;
          if (node.phrase && ids[j + 1] !== JOIN) visit(node.alias ?? node, inTitle);
          level = node.children;
        }
      }
    }
  }

  /** Counts a phrase (word ids) whatever its words, and keeps it through `prune`; undefined if too long. */
  pin(words: readonly number[]): PhraseNode | undefined {
    const node = this.path(words);
    if (node) {
      node.phrase = true;
      node.pinned = true;
    }
    return node;
  }

  /** Whether `add` would count a phrase of these words (its edges and inner words allowed). */
  private countable(words: readonly number[]): boolean {
    const table = this.table;
    const n = words.length;
    return (
      n > 0 &&
      n <= MAX_PHRASE_WORDS &&
      table.canStart(words[0]!) &&
      table.canEnd(words[n - 1]!, n === 1) &&
      words.every((w, j) => j === 0 || table.canInner(w))
    );
  }

  /**
   * The node of a phrase (word ids), created if missing; undefined when longer than a phrase can be. With
   * `asAdded`, a node on the way counts as `add` would have made it (so "audio" stays a phrase when an alias
   * made "audio language model" first); else only the last one counts (a pinned phrase's prefixes do not).
   */
  private path(words: readonly number[], asAdded = false): PhraseNode | undefined {
    if (words.length === 0 || words.length > MAX_PHRASE_WORDS) return undefined;
    let level = this.root;
    let node: PhraseNode | undefined;
    for (let j = 0; j < words.length; j++) {
      node = level.get(words[j]!);
      if (!node) {
        const last = j + 1 === words.length;
        node = new PhraseNode(
          words.slice(0, j + 1),
          last || (asAdded && this.table.canEnd(words[j]!, j === 0)),
        );
        level.set(words[j]!, node);
      }
      node.children ??= new Map();
      level = node.children;
    }
    return node;
  }

  /**
   * Drops every branch with no phrase counted in at least `minRecent` recent papers: the baseline and the
   * later passes then walk a trie of the phrases that can still emerge, a few percent of the first one.
   */
  prune(minRecent: number): void {
    runAll(this.pruneSteps(minRecent));
  }

  /** `prune` as steps (slices.ts): a slice is whole first-word branches, about NODES_A_SLICE nodes. */
  *pruneSteps(minRecent: number): Steps<void> {
    let visited = 0;
    const keep = (node: PhraseNode): boolean => {
      visited++;
      if (node.children) {
        for (const [word, child] of node.children) if (!keep(child)) node.children.delete(word);
        if (node.children.size === 0) node.children = undefined;
      }
      const counted = node.alias ?? node;
      return node.children !== undefined || node.pinned || (node.phrase && counted.recent >= minRecent);
    };
    for (const [word, node] of this.root) {
      if (!keep(node)) this.root.delete(word);
      if (visited >= NODES_A_SLICE) {
        visited = 0;
        yield;
      }
    }
  }

  /** Every counted phrase (aliases excluded: they count on their acronym). */
  *phrases(): Generator<PhraseNode> {
    const stack = [...this.root.values()];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.phrase && !node.alias && node.recent + node.previous > 0) yield node;
      if (node.children) for (const child of node.children.values()) stack.push(child);
    }
  }

  /** The phrase key of a node: its folded words joined by spaces. */
  keyOf(node: PhraseNode): string {
    return node.words.map((id) => this.table.keys[id]).join(' ');
  }
}

function tally(node: PhraseNode, slot: 0 | 1, stamp: number, inTitle: boolean): void {
  if (node.last !== stamp) {
    node.last = stamp;
    if (slot === 0) node.recent++;
    else node.previous++;
  }
  if (inTitle && slot === 0 && node.lastTitle !== stamp) {
    node.lastTitle = stamp;
    node.titles++;
  }
}
