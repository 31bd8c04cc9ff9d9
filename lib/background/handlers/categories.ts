import type { Handlers } from '../../messages/protocol';
import { MAX_CATEGORIES } from '../../settings';
import type { BackgroundContext } from '../context';

/** The arXiv categories the index tracks, as a page's "Track" asks for one more. */
export function categoryHandlers(ctx: BackgroundContext): Pick<Handlers, 'category.track'> {
  return {
    'category.track': async ({ category }) => {
      if (ctx.catalog.get(category)?.kind !== 'category')
        throw new Error(`Unknown arXiv category "${category}"`);
      const settings = await ctx.updateSettings((current) => {
        if (current.categories.includes(category)) return current;
        // Refused here, where the write happens: past the cap the stored settings would not validate.
        if (current.categories.length >= MAX_CATEGORIES)
          throw new Error(
            `PaperPulse tracks at most ${MAX_CATEGORIES} categories: remove one on the options page first`,
          );
        return { ...current, categories: [...current.categories, category] };
      });
      return { categories: settings.categories };
    },
  };
}
