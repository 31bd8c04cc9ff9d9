/** Coalesces the bursts of a backfill: one count per this many ms. */
const BADGE_DELAY_MS = 250;

/** The toolbar badge: unseen papers over all follows ('' for none, '999+' past 999). */
export function createBadge(unseenTotal: () => Promise<number>, setBadge: (text: string) => Promise<void>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function update() {
    const total = await unseenTotal();
    await setBadge(badgeText(total));
  }
  /** Fired from a timer: a count that fails (the database unreadable) keeps the badge as it was until the next. */
  const updateQuietly = () => update().catch(() => undefined);
  return {
    /** Counts again soon (follows, seen marks or papers changed). */
    schedule() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void updateQuietly();
      }, BADGE_DELAY_MS);
    },
  };
}

export function badgeText(total: number): string {
  return total === 0 ? '' : total > 999 ? '999+' : String(total);
}
