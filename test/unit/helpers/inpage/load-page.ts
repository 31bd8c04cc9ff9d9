/** Puts a fixture page into the test document at a URL (parsed, never assigned as HTML; scripts do not run). */
export function loadPage(html: string, url: string): Document {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  // Head and body are swapped in (happy-dom refuses to replace the document element itself).
  document.head.replaceChildren(...[...parsed.head.childNodes].map((n) => document.adoptNode(n)));
  document.body.replaceChildren(...[...parsed.body.childNodes].map((n) => document.adoptNode(n)));
  return document;
}

/** Lets queued slices, microtasks and timers of the session run. */
export async function settle(ms = 0): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
