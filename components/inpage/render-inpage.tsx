import { render } from 'preact';
import type { InpageRenderer } from '@/lib/content/inpage-renderer';
import { FilterBar } from './filter-bar';
import { type InpageEnv, InpageEnvContext } from './inpage-env';
import { applyInpageStyles } from './inpage-styles';
import { PaperChips } from './paper-chips';

/** The Preact implementation of the page session's renderer: each host is its own small render root. */
export function createInpageRenderer(env: InpageEnv): InpageRenderer {
  return {
    styleRoot: applyInpageStyles,
    row(mount, view, { compact, width, onRetry }) {
      render(
        <InpageEnvContext.Provider value={env}>
          <PaperChips view={view} compact={compact} width={width} onRetry={onRetry} />
        </InpageEnvContext.Provider>,
        mount,
      );
    },
    bar(mount, state) {
      render(<FilterBar {...state} />, mount);
    },
    clear(mount) {
      render(null, mount);
    },
  };
}
