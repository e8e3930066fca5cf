/**
 * The author's posting activity before a post: how many posts the forum has seen from them, how many
 * in the 24 h before, and how long since their previous one. Read only from posts created strictly
 * before the post (every post the hourly job saw, labelled or not).
 */
export interface ActivityFacts {
  /** Earlier posts by the author in the window seen. */
  readonly authorPosts: number;
  /** Earlier posts by the author in the 24 h before (at most RECENT_TIMES). */
  readonly authorPosts24h: number;
  /** Hours since the author's previous post; null for a first post. */
  readonly hoursSincePrevious: number | null;
}

/** Recent post times kept per author (so "posts in the last 24 h" counts up to this many). */
export const RECENT_TIMES = 12;
/** Length of a row's stored activity vector: [posts, posts in 24 h, hours since previous or −1]. */
export const ACTIVITY_LENGTH = 3;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The facts as a training row stores them. */
export function activityVector(a: ActivityFacts): number[] {
  return [
    a.authorPosts,
    a.authorPosts24h,
    a.hoursSincePrevious === null ? -1 : Math.round(a.hoursSincePrevious * 100) / 100,
  ];
}

/** The facts of a stored vector. */
export function activityFacts(v: readonly number[]): ActivityFacts {
  return {
    authorPosts: Math.max(0, v[0] ?? 0),
    authorPosts24h: Math.max(0, v[1] ?? 0),
    hoursSincePrevious: (v[2] ?? -1) < 0 ? null : (v[2] as number),
  };
}

/**
 * A compact author-activity table as a model artifact or the hourly job keeps it: at `at`, author →
 * [posts seen, then minutes before `at` of their most recent posts (at most RECENT_TIMES, newest
 * last)].
 */
export interface ActivitySnapshot {
  readonly at: string;
  readonly authors: Record<string, number[]>;
}

/** Per-author post counts and recent post times, fed posts in any order; answers for any time. */
export class ActivityTable {
  private readonly authors = new Map<string, { n: number; times: number[] }>();
  /** Until when (ms) the posts counted reach: the `at` of the snapshot it was read from; −∞ when new. */
  coveredUntil = Number.NEGATIVE_INFINITY;

  /** The author's activity strictly before `ms` (only the recent times kept are looked at). */
  factsOf(author: string, ms: number): ActivityFacts {
    const a = this.authors.get(author);
    if (!a) return { authorPosts: 0, authorPosts24h: 0, hoursSincePrevious: null };
    let later = 0;
    let day = 0;
    let last = Number.NEGATIVE_INFINITY;
    for (const t of a.times) {
      if (t >= ms) later++;
      else {
        if (ms - t <= DAY) day++;
        if (t > last) last = t;
      }
    }
    return {
      authorPosts: Math.max(0, a.n - later),
      authorPosts24h: day,
      hoursSincePrevious: Number.isFinite(last) ? (ms - last) / HOUR : null,
    };
  }

  /** Counts one post of `author` at `ms`. */
  add(author: string, ms: number): void {
    const a = this.authors.get(author) ?? { n: 0, times: [] };
    a.n++;
    let i = a.times.length;
    while (i > 0 && (a.times[i - 1] as number) > ms) i--;
    a.times.splice(i, 0, ms);
    if (a.times.length > RECENT_TIMES) a.times.splice(0, a.times.length - RECENT_TIMES);
    this.authors.set(author, a);
  }

  /** Authors kept. */
  get size(): number {
    return this.authors.size;
  }

  /**
   * The table at `at`, keeping the `limit` authors who posted most recently (ties by name) and only
   * those who posted within `maxAgeHours` before `at`. Times after `at` are left out.
   */
  snapshot(at: Date, limit: number, maxAgeHours = Number.POSITIVE_INFINITY): ActivitySnapshot {
    const atMs = at.getTime();
    const rows: [string, number, number[]][] = [];
    for (const [name, a] of this.authors) {
      const times = a.times.filter((t) => t <= atMs);
      const last = times[times.length - 1];
      if (last === undefined || atMs - last > maxAgeHours * HOUR) continue;
      const minutes = times.map((t) => Math.round((atMs - t) / 60_000));
      rows.push([name, a.n - (a.times.length - times.length), minutes]);
    }
    // Ordered by the stored (rounded) minutes, so a snapshot read back and written again is identical.
    rows.sort((x, y) => (x[2].at(-1) as number) - (y[2].at(-1) as number) || (x[0] < y[0] ? -1 : 1));
    const authors: Record<string, number[]> = {};
    for (const [name, n, minutes] of rows.slice(0, limit)) authors[name] = [n, ...minutes];
    return { at: at.toISOString(), authors };
  }

  /** A table from a snapshot (times to the minute). */
  static from(snapshot: ActivitySnapshot | null | undefined): ActivityTable {
    const table = new ActivityTable();
    if (!snapshot) return table;
    const atMs = Date.parse(snapshot.at);
    if (!Number.isNaN(atMs)) table.coveredUntil = atMs;
    for (const [name, [n = 0, ...minutes]] of Object.entries(snapshot.authors)) {
      const times = minutes.map((m) => atMs - m * 60_000).sort((a, b) => a - b);
      table.authors.set(name, { n: Math.max(n, times.length), times: times.slice(-RECENT_TIMES) });
    }
    return table;
  }
}

/**
 * The author's activity at `at` read from a snapshot: a named author the snapshot lacks has no
 * posts seen. Null when no author is named.
 */
export function lookupActivity(
  snapshot: ActivitySnapshot | null | undefined,
  author: string | null,
  at: Date,
): ActivityFacts | null {
  if (author === null) return null;
  const row = snapshot?.authors[author.toLowerCase()];
  if (!row || !snapshot) return { authorPosts: 0, authorPosts24h: 0, hoursSincePrevious: null };
  const atMs = Date.parse(snapshot.at);
  const ms = at.getTime();
  const [n = 0, ...minutes] = row;
  let later = 0;
  let day = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const m of minutes) {
    const t = atMs - m * 60_000;
    if (t >= ms) later++;
    else {
      if (ms - t <= DAY) day++;
      if (t > last) last = t;
    }
  }
  return {
    authorPosts: Math.max(0, Math.max(n, minutes.length) - later),
    authorPosts24h: day,
    hoursSincePrevious: Number.isFinite(last) ? (ms - last) / HOUR : null,
  };
}

/** A post as the activity features need it. */
export interface ActivityPost {
  readonly createdAt: string;
  readonly author: string | null;
}

/** Counts posts into a table (each post once). */
export function addPosts(table: ActivityTable, posts: readonly ActivityPost[]): void {
  for (const p of posts) if (p.author !== null) table.add(p.author, Date.parse(p.createdAt));
}
