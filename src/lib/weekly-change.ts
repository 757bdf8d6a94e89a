/**
 * The dashboard's "from last week" line: enquiries received in the
 * last 7 days against the 7 days before those, counted from the enquiries' own dates.
 */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface WeeklyChange {
  /** Received in the last 7 days (up to now). */
  thisWeek: number;
  /** Received in the 7 days before those. */
  lastWeek: number;
}

export function weeklyChange(
  items: readonly { createdAt: string | Date }[],
  now: Date = new Date(),
): WeeklyChange {
  const end = now.getTime();
  let thisWeek = 0;
  let lastWeek = 0;
  for (const { createdAt } of items) {
    const at = new Date(createdAt).getTime();
    if (at > end) continue;
    if (at > end - WEEK_MS) thisWeek += 1;
    else if (at > end - 2 * WEEK_MS) lastWeek += 1;
  }
  return { thisWeek, lastWeek };
}

/** "3 received in the last 7 days, +2 from the week before" (or "−1", or "as many as"). */
export function weeklyChangeText({ thisWeek, lastWeek }: WeeklyChange): string {
  const received = `${thisWeek} received in the last 7 days`;
  const change = thisWeek - lastWeek;
  if (change === 0) return `${received}, as many as the week before`;
  return `${received}, ${change > 0 ? '+' : '−'}${Math.abs(change)} from the week before`;
}
