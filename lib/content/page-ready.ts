type ReadyWindow = Pick<
  Window,
  'document' | 'setTimeout' | 'clearTimeout' | 'addEventListener' | 'removeEventListener'
>;

/**
 * Resolves once the page has loaded, or `maxMs` from now, whichever comes first: Chrome's document_idle,
 * for a content script that runs as soon as the page is parsed (document_end). Pages other than a long
 * listing keep that wait: a site may still be filling its page in its own scripts.
 */
export function whenSettled(win: ReadyWindow, maxMs = 200): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      win.clearTimeout(timer);
      win.removeEventListener('load', done);
      resolve();
    };
    const timer = win.setTimeout(done, maxMs);
    win.addEventListener('load', done);
  });
}
