/** The `X-RateLimit-*` state after counting one request. */
export interface RateState {
  readonly limit: number;
  readonly remaining: number;
  /** Unix seconds when the window resets. */
  readonly resetSeconds: number;
  /** True when the request is over the limit and enforcement is on. */
  readonly limited: boolean;
  readonly retryAfterSeconds: number;
}

/**
 * A one-minute window that opens at the first request after the previous one closed (not at the
 * wall-clock minute, so a burst of test requests never straddles two windows by accident).
 */
export class MinuteWindow {
  private windowStart = -Infinity;
  private used = 0;

  constructor(
    private readonly limit: number,
    private readonly enforce: boolean,
  ) {}

  /** Counts one request at real time `nowMs`. */
  take(nowMs: number): RateState {
    if (nowMs - this.windowStart >= 60_000) {
      this.windowStart = nowMs;
      this.used = 0;
    }
    this.used++;
    const resetMs = this.windowStart + 60_000;
    const over = this.used > this.limit;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - this.used),
      resetSeconds: Math.ceil(resetMs / 1000),
      limited: this.enforce && over,
      retryAfterSeconds: Math.max(1, Math.ceil((resetMs - nowMs) / 1000)),
    };
  }
}
