import type { RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { isUserEvent } from '@/lib/content/user-event';

const OPEN_DELAY = 180;
const CLOSE_DELAY = 250;
const CHIP = '[data-topic-id]';
const CARD = '.pp-card';

/**
 * Which chip of a row has its card open. Hover (after a short delay) or keyboard focus opens a chip's
 * card; leaving the chip and its card, focus moving out of the row, or Escape closes it. One set
 * of listeners per row, not per chip. Pointer, key and click events count only when they are the user's
 * (a page script can dispatch them at our open shadow root); focus events are left as they are, since any
 * script can move focus with `.focus()` and the browser marks those events trusted anyway: a card shown
 * changes nothing, and its buttons check their own events.
 */
export function useCardControl(rowRef: RefObject<HTMLElement | null>): string | null {
  const [open, setOpen] = useState<string | null>(null);
  const openRef = useRef<string | null>(null);
  openRef.current = open;

  // A layout effect: the listeners are in as soon as the row is rendered, so a static listing row turned
  // live by a hover or focus (render-inpage.tsx) can hand that very event on to it.
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const on = cardListeners(row, () => openRef.current, setOpen);
    row.addEventListener('mouseover', on.over);
    row.addEventListener('mouseout', on.out);
    row.addEventListener('focusin', on.focusIn);
    row.addEventListener('focusout', on.focusOut);
    row.addEventListener('keydown', on.key);
    row.addEventListener('click', on.click);
    return () => {
      on.stop();
      row.removeEventListener('mouseover', on.over);
      row.removeEventListener('mouseout', on.out);
      row.removeEventListener('focusin', on.focusIn);
      row.removeEventListener('focusout', on.focusOut);
      row.removeEventListener('keydown', on.key);
      row.removeEventListener('click', on.click);
    };
  }, [rowRef]);

  return open;
}

/** The row's listeners that open and close its cards, and `stop` for the pending open or close. */
function cardListeners(row: HTMLElement, current: () => string | null, setOpen: (id: string | null) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (id: string | null) => {
    clearTimeout(timer);
    setOpen(id);
  };
  const later = (id: string | null, delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => setOpen(id), delay);
  };
  // Where the pointer was when it clicked "+N": the chips that then appear under a still pointer get a
  // mouseover from the browser, which is not the reader pointing at one (it opened a card on "+2").
  let stillAt: { x: number; y: number } | null = null;
  const chipOf = (target: EventTarget | null) =>
    target instanceof Element ? (target.closest(CHIP)?.getAttribute('data-topic-id') ?? null) : null;
  const inCard = (target: EventTarget | null) => target instanceof Element && target.closest(CARD) !== null;

  const onOver = (e: MouseEvent) => {
    if (!isUserEvent(e)) return;
    if (stillAt && e.clientX === stillAt.x && e.clientY === stillAt.y) return;
    stillAt = null;
    const id = chipOf(e.target);
    if (id) later(id, id === current() ? 0 : OPEN_DELAY);
    else if (inCard(e.target)) clearTimeout(timer);
    else later(null, CLOSE_DELAY);
  };
  const onOut = (e: MouseEvent) => {
    if (!isUserEvent(e)) return;
    if (!(e.relatedTarget instanceof Node) || !row.contains(e.relatedTarget)) later(null, CLOSE_DELAY);
  };
  // Escape hands focus back to the chip: that focus must not open the card it just closed.
  let returning = false;
  const onFocusIn = (e: FocusEvent) => {
    if (returning) return;
    const id = chipOf(e.target);
    if (id) set(id);
    else onFocusInKeep();
  };
  const onFocusOut = (e: FocusEvent) => {
    if (e.relatedTarget instanceof Node) {
      if (!row.contains(e.relatedTarget)) set(null);
      return;
    }
    // Focus went nowhere (a click on the page, or a button that re-rendered): close unless it is back.
    later(null, 0);
  };
  const onFocusInKeep = () => {
    if (current() !== null) clearTimeout(timer);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || current() === null || !isUserEvent(e)) return;
    e.stopPropagation();
    const chip = [...row.querySelectorAll<HTMLElement>(CHIP)].find(
      (c) => c.getAttribute('data-topic-id') === current(),
    );
    set(null);
    returning = true;
    try {
      chip?.focus();
    } finally {
      returning = false;
    }
  };
  const onClick = (e: MouseEvent) => {
    if (!isUserEvent(e)) return;
    if (e.target instanceof Element && e.target.closest('.pp-more')) stillAt = { x: e.clientX, y: e.clientY };
    const id = chipOf(e.target);
    if (id) set(id);
  };
  return {
    over: onOver,
    out: onOut,
    focusIn: onFocusIn,
    focusOut: onFocusOut,
    key: onKey,
    click: onClick,
    stop: () => clearTimeout(timer),
  };
}
