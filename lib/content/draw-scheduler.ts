import { createFramePacer } from './frame-pacer';
import type { HostRecord } from './host-records';
import type { InpageRenderer } from './inpage-renderer';
import { mountIn } from './paper-hosts';
import { forEachSliced, type SliceOptions } from './slice-work';
import type { StoreChange, TopicStore } from './topic-store';

/**
 * Rows drawn per frame, at least (frame-pacer.ts grows it where frames are cheap): the frame lays them
 * out. Below this, a loaded machine's fixed cost per frame would only stretch the drawing out.
 */
const DRAW_BATCH = 60;

export interface DrawDeps {
  doc: Document;
  renderer: InpageRenderer;
  store: TopicStore;
  /** Every record of the page (a store change redraws the ones that show a changed topic). */
  records(): Iterable<HostRecord>;
  /** A failed row's "Retry". */
  retry(): void;
  /** True once the page session is torn down. */
  ended(): boolean;
  /** Tests pass an instant `yieldFn`: drawing then goes a fixed batch at a time. */
  slice?: Pick<SliceOptions, 'budgetMs' | 'yieldFn' | 'now'>;
}

export interface DrawScheduler {
  /** Draws one row now, if what it shows changed since it was last drawn. */
  draw(rec: HostRecord): void;
  /** Draws rows a batch a frame; false when stopped. */
  drawAll(recs: Iterable<HostRecord>, stopped: () => boolean): Promise<boolean>;
  /** How many rows a frame draws now. */
  batch(): number;
  destroy(): void;
}

/**
 * When rows are drawn: at once, or a batch a frame with the batch sized by what frames cost here; and
 * again when a topic they show is followed or muted, or the index state changes (a slice a frame).
 */
export function createDrawScheduler(deps: DrawDeps): DrawScheduler {
  const { doc, renderer, store } = deps;
  const pacer = deps.slice?.yieldFn
    ? { batch: () => DRAW_BATCH, afterFrame: deps.slice.yieldFn }
    : createFramePacer(doc.defaultView, { start: DRAW_BATCH, min: DRAW_BATCH, max: 300, targetMs: 35 });

  const draw = (rec: HostRecord) => {
    if (rec.rendered === rec.view || !rec.host?.isConnected || rec.held) return;
    // A listing's rows stay empty (their height reserved) until their answer: one render per row, not two.
    if (rec.compact && rec.view.status === 'loading') return;
    rec.mount ??= mountIn(rec.host, renderer.styleRoot);
    renderer.row(rec.mount, rec.view, {
      compact: rec.compact,
      ...(rec.width !== undefined ? { width: rec.width } : {}),
      paper: rec.paper.ref,
      ...(rec.view.status === 'error' ? { onRetry: deps.retry } : {}),
    });
    rec.rendered = rec.view;
  };
  const drawAll = (recs: Iterable<HostRecord>, stopped: () => boolean) =>
    forEachSliced(recs, draw, {
      ...deps.slice,
      yieldFn: pacer.afterFrame,
      shouldStop: stopped,
      maxItems: pacer.batch,
    });

  const stale = new Set<HostRecord>();
  let redrawing = false;
  const onStoreChange = async (change: StoreChange) => {
    for (const rec of deps.records()) {
      if (rec.view.status !== 'ready' || rec.rendered !== rec.view) continue;
      if (change === 'all' || rec.view.annotation.tags.some((t) => change.has(t.id))) {
        rec.rendered = null;
        stale.add(rec);
      }
    }
    if (redrawing || stale.size === 0) return;
    redrawing = true;
    try {
      while (stale.size > 0) {
        const batch = [...stale];
        stale.clear();
        if (!(await drawAll(batch, deps.ended))) break;
      }
    } finally {
      redrawing = false;
    }
  };
  const unsubscribe = store.subscribe((change) => void onStoreChange(change));

  return { draw, drawAll, batch: pacer.batch, destroy: unsubscribe };
}
