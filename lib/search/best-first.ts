/**
 * The best `k` of items 0..n-1 by `better`, best first: a heap of the k best so far (the worst on top), so
 * a page of a query matching most of the index costs n log k comparisons, not a sort of every match.
 */
export function bestFirst(n: number, k: number, better: (a: number, b: number) => boolean): number[] {
  const size = Math.min(n, Math.max(0, k));
  const heap: number[] = [];
  const worse = (a: number, b: number) => better(b, a);
  const down = (from: number) => {
    for (let i = from; ; ) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let top = i;
      if (l < heap.length && worse(heap[l]!, heap[top]!)) top = l;
      if (r < heap.length && worse(heap[r]!, heap[top]!)) top = r;
      if (top === i) return;
      const swap = heap[i]!;
      heap[i] = heap[top]!;
      heap[top] = swap;
      i = top;
    }
  };
  for (let item = 0; item < n; item++) {
    if (heap.length < size) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        const swap = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = swap;
        i = parent;
      }
    } else if (size > 0 && better(item, heap[0]!)) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
