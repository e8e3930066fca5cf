import type { Digest } from '../../core/schemas/digest.ts';
import type { HourSignals } from '../../core/schemas/signals.ts';

/** One published hour as the report reads it: the digest and, when published, its signals. */
export interface ReportHour {
  readonly digest: Digest;
  readonly signals?: HourSignals | undefined;
}

/** Which of the report's contradiction checks found the problem (see `contradictions.ts`). */
export type ContradictionKind =
  | 'gone-but-present'
  | 'two-statuses'
  | 'top-topic-fading'
  | 'text-says-gone'
  | 'title-names-fading'
  | 'shift-against-numbers'
  | 'anomaly-without-warning';

/** One contradiction inside one hour's digest. */
export interface Contradiction {
  readonly kind: ContradictionKind;
  /** What contradicts what, in words (quotes untrusted digest text as plain text). */
  readonly detail: string;
}

/** A generic label and the field it was found in. */
export interface GenericLabel {
  readonly field: 'topTopics' | 'stories' | 'hotDiscussions' | 'narratives';
  readonly label: string;
}

/** The report's figures for one hour. */
export interface HourReport {
  readonly hourStart: string;
  readonly title: string;
  readonly tone: string;
  readonly contradictions: readonly Contradiction[];
  readonly genericLabels: readonly GenericLabel[];
  readonly hotDiscussions: number;
  /** Topics of the hot discussions without a `postUrl`. */
  readonly unlinkedDiscussions: readonly string[];
  /** Null when the digest has no stories (written before stories). */
  readonly storyCoverage: StoryCoverage | null;
  readonly hasSignals: boolean;
}

/** How much of the hour's quality posts sit in a named story of at least two posts. */
export interface StoryCoverage {
  readonly stories: number;
  /** Posts in stories of at least two posts. */
  readonly postsInStories: number;
  readonly qualityPosts: number;
  /** postsInStories / qualityPosts (capped at 1), null when the hour has no quality posts. */
  readonly share: number | null;
}

/** A narrative's status hour by hour, and how often it reversed. */
export interface NarrativeSeries {
  /** `id:<id>` when the narrative has an id, `label:<key>` otherwise. */
  readonly key: string;
  /** Its latest label. */
  readonly label: string;
  /** One letter per hour from its first to its last appearance: E, C, F, or `-` when absent. */
  readonly sequence: readonly string[];
  readonly reversals: number;
}

/** The report over a range of hours. */
export interface Report {
  /** First and last hour reported (null for no hours). */
  readonly from: string | null;
  readonly to: string | null;
  readonly hours: readonly HourReport[];
  readonly totals: {
    readonly hours: number;
    readonly contradictions: number;
    readonly contradictionsByKind: Readonly<Record<ContradictionKind, number>>;
    readonly genericLabels: number;
    readonly hotDiscussions: number;
    readonly unlinkedDiscussions: number;
    /** Pairs of digests exactly one hour apart, and how many of them change the tone word. */
    readonly toneChanges: { readonly pairs: number; readonly changed: number; readonly share: number | null };
    readonly narratives: number;
    readonly reversals: number;
    /** Narratives with at least one reversal, most reversals first. */
    readonly flipFlops: readonly NarrativeSeries[];
    /** Mean story coverage over the hours with stories, null when none has stories. */
    readonly meanStoryCoverage: number | null;
    readonly hoursWithoutStories: number;
  };
}
