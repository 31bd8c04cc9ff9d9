import { act } from '@testing-library/preact';

/**
 * Input as the browser delivers the user's own: `isTrusted` true. happy-dom has no `isTrusted` at all (it
 * reads as undefined, like a page script's event), so the tests set it on the event; in a browser it is an
 * unforgeable own property that only the browser's input sets. `fireEvent` and `.click()` stay what a
 * page's script can do.
 */
export function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

function dispatch(target: Element, event: Event): boolean {
  let notCancelled = true;
  act(() => {
    notCancelled = target.dispatchEvent(trusted(event));
  });
  return notCancelled;
}

const init = { bubbles: true, cancelable: true, composed: true };

export const user = {
  /** False when a listener prevented the default action (as fireEvent returns). */
  click: (target: Element) => dispatch(target, new MouseEvent('click', init)),
  mouseOver: (target: Element) => dispatch(target, new MouseEvent('mouseover', init)),
  mouseOut: (target: Element, relatedTarget: EventTarget | null) =>
    dispatch(target, new MouseEvent('mouseout', { ...init, relatedTarget })),
  keyDown: (target: Element, key: string) => dispatch(target, new KeyboardEvent('keydown', { ...init, key })),
};
