/**
 * Exit code of `generate` and `backfill` when the hour (or some hours) were published but incomplete:
 * comment threads failed after the listing succeeded. Each such hour carries a marker beside its digest
 * and is redone by the next backfill over it. The other codes: 0 published (or unchanged), 1 failed
 * with nothing published, 2 bad arguments or configuration.
 */
export const EXIT_INCOMPLETE = 3;
