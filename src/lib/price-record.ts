/**
 * A provider's public record of keeping to agreed prices (docs/decisions/0051), apart
 * from the quotes' rules so that a provider page loads only these few lines.
 */

/** What the public record says below this many completed jobs: too few to judge by. */
export const PRICE_RECORD_MIN_JOBS = 3;
/** The public record counts the jobs completed in this many months. */
export const PRICE_RECORD_MONTHS = 12;

/** A provider's record of keeping to agreed prices, as the provider page shows it. */
export interface PriceRecord {
  /** Jobs with an accepted quote completed in the last PRICE_RECORD_MONTHS months. */
  jobs: number;
  /** Of those, completed at or below the agreed total with no dispute raised. */
  kept: number;
}

export function priceRecordWords({ jobs, kept }: PriceRecord): string {
  if (jobs < PRICE_RECORD_MIN_JOBS) {
    return jobs === 0
      ? `No jobs with an agreed price in the last ${PRICE_RECORD_MONTHS} months yet.`
      : `Too few jobs with an agreed price in the last ${PRICE_RECORD_MONTHS} months to show a record (${jobs} so far).`;
  }
  return `Kept to the agreed price on ${kept} of ${jobs} jobs`;
}
