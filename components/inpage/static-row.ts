import type { PaperView } from '@/lib/content/paper-view';
import type { TopicStore } from '@/lib/content/topic-store';
import type { Annotation, IndexInfo, TopicSummary } from '@/lib/messages/schemas';
import { type BadgeView, describeBadge } from '../momentum-badge';
import { type ChipModel, chipRowClass, chipRowModel } from './chip-row';

/**
 * A listing row written straight into the DOM: the markup of PaperChips' compact ready row (same classes,
 * attributes and text, so it looks, reads and satisfies the DOM contract the same), without a Preact tree,
 * hooks, store subscription or listeners per row. A listing draws 2000 of them; the first hover, focus or
 * click on one hands it to the live PaperChips (render-inpage.tsx).
 */
export function drawsStatically(
  view: PaperView,
  compact: boolean,
): view is Extract<PaperView, { status: 'ready' }> {
  // An untracked paper's row offers a "Track" action with state of its own: it stays a live row.
  return compact && view.status === 'ready' && view.annotation.tracked;
}

export function drawStaticRow(
  mount: HTMLElement,
  annotation: Annotation,
  store: TopicStore,
  index: IndexInfo,
  width: number | undefined,
  pageCategory?: string,
): void {
  const doc = mount.ownerDocument;
  const options = {
    compact: true,
    ...(width !== undefined ? { width } : {}),
    ...(pageCategory ? { pageCategory } : {}),
  };
  const model = chipRowModel(annotation, store.topic, (c) => badgeOf(c.topic, index).text, options);
  const { chips, shown } = model;
  const row = doc.createElement('div');
  row.className = chipRowClass(model, options);
  row.setAttribute('data-state', 'ready');
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', 'PaperPulse topics');
  for (let i = 0; i < shown; i++) row.append(chipElement(doc, chips[i]!, index));
  if (shown < chips.length) {
    const more = doc.createElement('button');
    more.type = 'button';
    more.className = 'pp-more';
    more.setAttribute('aria-label', `Show ${chips.length - shown} more topics`);
    more.textContent = `+${chips.length - shown}`;
    row.append(more);
  }
  if (chips.length === 0) {
    const note = doc.createElement('span');
    note.className = 'pp-note';
    note.textContent = 'no topics found';
    row.append(note);
  }
  mount.replaceChildren(row);
}

/** TopicChip with a compact MomentumBadge. */
function chipElement(doc: Document, { topic }: ChipModel, index: IndexInfo): HTMLElement {
  const chip = doc.createElement('button');
  chip.type = 'button';
  let classes = `pp-chip pp-chip--${topic.kind}`;
  if (topic.followed) classes += ' pp-chip--followed';
  if (topic.muted) classes += ' pp-chip--muted';
  chip.className = classes;
  chip.setAttribute('data-topic-id', topic.id);
  if (topic.followed) chip.setAttribute('data-followed', '');
  if (topic.muted) chip.setAttribute('data-muted', '');
  chip.setAttribute('aria-expanded', 'false');
  chip.append(topic.name);
  if (topic.followed) {
    const star = doc.createElement('span');
    star.className = 'pp-star';
    star.setAttribute('aria-label', 'followed');
    star.setAttribute('role', 'img');
    star.textContent = '★';
    chip.append(star);
  }
  const view = badgeOf(topic, index);
  const badge = doc.createElement('span');
  badge.className = `pp-badge pp-badge--${view.trend} pp-badge--compact`;
  badge.setAttribute('data-momentum', view.trend);
  badge.setAttribute('title', view.label);
  badge.setAttribute('aria-label', view.label);
  badge.setAttribute('role', 'img');
  badge.textContent = view.text;
  chip.append(badge);
  return chip;
}

// A listing shows ~50 topics over 12,000 chips: each badge's wording is worked out once per topic state.
const badges = new WeakMap<TopicSummary, { index: IndexInfo; view: BadgeView }>();

function badgeOf(topic: TopicSummary, index: IndexInfo): BadgeView {
  const known = badges.get(topic);
  if (known?.index === index) return known.view;
  const view = describeBadge(topic, index, true);
  badges.set(topic, { index, view });
  return view;
}
