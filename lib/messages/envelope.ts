// What travels between the pages and the background, beside the protocol's own schemas.

/** What the background answers to every message. */
export type Envelope = { ok: true; data: unknown } | { ok: false; error: string };

/**
 * A content script's word that a request comes from the user's own click or key press on our UI
 * (lib/content/user-event.ts builds it only from a trusted event). The background refuses the requests
 * that change what is tracked when a web page's content script sends them without one.
 */
export interface Gesture {
  event: string;
}

/** A failure reported by the background (bad request, or the handler's own error). */
export class MessageError extends Error {}
