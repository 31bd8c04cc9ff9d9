import type { Gesture } from '../messages/envelope';

/**
 * A page's own scripts are not the user. Our shadow root is open (the DOM contract), so the page can find
 * our controls and `.click()` them or dispatch keys at them; such events have `isTrusted` false, which no
 * page script can change (it is an unforgeable own property of each event). Every control inside the shadow
 * root acts only on a user event, and every request that changes what is tracked carries the gesture.
 *
 * The one exception is an event this content script re-issues for a user event it just handled (a static
 * listing row turned live hands the user's click on to the live row): it is kept in a WeakSet that lives
 * in the content script's isolated world, out of the page's reach.
 */
const handedOn = new WeakSet<Event>();

export function isUserEvent(event: Event): boolean {
  return event.isTrusted === true || handedOn.has(event);
}

/**
 * The gesture a request to the background carries, or null when `event` is not the user's. Where the
 * browser reports user activation, it must be there too: input from the user always sets it.
 */
export function userGesture(event: Event, nav: Navigator | undefined = globalThis.navigator): Gesture | null {
  if (!isUserEvent(event)) return null;
  const activation = (nav as { userActivation?: { isActive: boolean } } | undefined)?.userActivation;
  if (activation && !activation.isActive) return null;
  return { event: event.type };
}

/** Dispatches `next` on `target` as the continuation of the user event `from` (ignored when it was not one). */
export function handOn(from: Event, target: EventTarget, next: Event): void {
  if (!isUserEvent(from)) return;
  handedOn.add(next);
  target.dispatchEvent(next);
}
