import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { createInpageRenderer } from '@/components/inpage/render-inpage';
import { startContent } from '@/lib/content/start-content';
import { sendUnchecked } from '@/lib/messages/client';
import { SITE_MATCHES } from '@/lib/sites/matches';
import { findAdapter, isSpaSite } from '@/lib/sites/registry';

export default defineContentScript({
  matches: SITE_MATCHES,
  // As soon as the page is parsed: a long listing's rows in view are asked for before its first layout
  // (lib/content/start-content.ts keeps document_idle's wait for every other page).
  runAt: 'document_end',
  main(ctx) {
    startContent({
      ctx,
      win: window,
      send: sendUnchecked,
      topicUrl: (id) => `${browser.runtime.getURL('/topic.html')}?id=${encodeURIComponent(id)}`,
      createRenderer: createInpageRenderer,
      // Opt-in adapters included: where this script runs on a granted host, the user asked for it.
      findAdapter: (url) => findAdapter(url, { includeOptIn: true }),
      isSpaSite,
    });
  },
});
