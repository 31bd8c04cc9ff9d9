/**
 * The only changes made to the page's own elements: hiding filtered-out entries and marking entries in
 * followed topics. Inline, through CSSOM, remembered so teardown restores exactly what was there.
 */

const HIGHLIGHT = 'inset 3px 0 0 rgba(179, 27, 27, 0.85)';

interface Saved {
  display: [string, string];
  boxShadow: [string, string];
}

export interface EntryStyler {
  setHidden(entry: Element, hidden: boolean): void;
  setHighlighted(entry: Element, on: boolean): void;
  restoreAll(): void;
}

/** The elements an entry spans: an arXiv listing's `<dd>` also has its `<dt>` (id and links) before it. */
export function entryParts(entry: Element): Element[] {
  const before = entry.previousElementSibling;
  return entry.localName === 'dd' && before?.localName === 'dt' ? [before, entry] : [entry];
}

export function createEntryStyler(): EntryStyler {
  const saved = new Map<HTMLElement, Saved>();
  const save = (el: HTMLElement) => {
    if (!saved.has(el)) {
      saved.set(el, {
        display: [el.style.getPropertyValue('display'), el.style.getPropertyPriority('display')],
        boxShadow: [el.style.getPropertyValue('box-shadow'), el.style.getPropertyPriority('box-shadow')],
      });
    }
    return saved.get(el)!;
  };
  const restore = (el: HTMLElement, prop: 'display' | 'box-shadow', [value, priority]: [string, string]) => {
    if (value) el.style.setProperty(prop, value, priority);
    else el.style.removeProperty(prop);
  };
  return {
    setHidden(entry, hidden) {
      for (const part of entryParts(entry)) {
        if (!isStylable(part)) continue;
        const was = save(part);
        if (hidden) part.style.setProperty('display', 'none', 'important');
        else restore(part, 'display', was.display);
        if (hidden) part.setAttribute('data-paperpulse-hidden', '');
        else part.removeAttribute('data-paperpulse-hidden');
      }
    },
    setHighlighted(entry, on) {
      if (!isStylable(entry)) return;
      const was = save(entry);
      if (on) entry.style.setProperty('box-shadow', HIGHLIGHT);
      else restore(entry, 'box-shadow', was.boxShadow);
      if (on) entry.setAttribute('data-paperpulse-followed', '');
      else entry.removeAttribute('data-paperpulse-followed');
    },
    restoreAll() {
      for (const [el, was] of saved) {
        restore(el, 'display', was.display);
        restore(el, 'box-shadow', was.boxShadow);
        el.removeAttribute('data-paperpulse-hidden');
        el.removeAttribute('data-paperpulse-followed');
      }
      saved.clear();
    },
  };
}

function isStylable(el: Element): el is HTMLElement {
  return 'style' in el && typeof (el as HTMLElement).style?.setProperty === 'function';
}
