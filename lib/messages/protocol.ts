import type { z } from 'zod';
import { ADMIN_MESSAGES } from './areas/admin';
import { ANNOTATE_MESSAGES } from './areas/annotate';
import { ASK_MESSAGES } from './areas/ask';
import { AUTHORS_MESSAGES } from './areas/authors';
import { CATEGORIES_MESSAGES } from './areas/categories';
import { CORRECTIONS_MESSAGES } from './areas/corrections';
import { DISCOVER_MESSAGES } from './areas/discover';
import { FOLLOWS_MESSAGES } from './areas/follows';
import { RISING_MESSAGES } from './areas/rising';
import { SAVED_MESSAGES } from './areas/saved';
import { SEARCH_MESSAGES } from './areas/search';
import type { MessageSpec } from './areas/spec-helpers';
import { TOPICS_MESSAGES } from './areas/topics';
import { TOPICS_LEARN_MESSAGES } from './areas/topics-learn';
import { TREE_MESSAGES } from './areas/tree';
import { USER_TOPICS_MESSAGES } from './areas/user-topics';

/**
 * The one protocol between the content script / extension pages and the background.
 * name -> request schema -> response schema. Both ends validate: the background every request
 * (and its sender), callers every response. Each area's messages are declared beside the others of its
 * handler (./areas/NAME.ts for lib/background/handlers/NAME.ts); this map only assembles them.
 */
export const PROTOCOL = {
  ...ADMIN_MESSAGES,
  ...ANNOTATE_MESSAGES,
  ...TOPICS_MESSAGES,
  ...ASK_MESSAGES,
  ...SEARCH_MESSAGES,
  ...TREE_MESSAGES,
  ...FOLLOWS_MESSAGES,
  ...AUTHORS_MESSAGES,
  ...CATEGORIES_MESSAGES,
  ...USER_TOPICS_MESSAGES,
  ...TOPICS_LEARN_MESSAGES,
  ...SAVED_MESSAGES,
  ...CORRECTIONS_MESSAGES,
  ...DISCOVER_MESSAGES,
  ...RISING_MESSAGES,
} satisfies Record<string, MessageSpec>;

export type MessageName = keyof typeof PROTOCOL;
export type RequestOf<N extends MessageName> = z.input<(typeof PROTOCOL)[N]['request']>;
export type ResponseOf<N extends MessageName> = z.output<(typeof PROTOCOL)[N]['response']>;
export type Handlers = {
  [N in MessageName]: (
    request: z.output<(typeof PROTOCOL)[N]['request']>,
    sender: MessageSender,
  ) => Promise<ResponseOf<N>>;
};

/** Who sent a message, as the browser reports it. */
export interface MessageSender {
  id?: string;
  url?: string;
  tab?: { id?: number; url?: string };
}
