/** Days of labelled rows the hourly job keeps for training (by the posts' creation day). */
export const DAYS_KEPT = 7;
/** Posts of an hour kept as training rows (a deterministic sample by hashed id). */
export const SAMPLE_PER_HOUR = 100;
