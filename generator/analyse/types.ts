import type { ForumComment, ForumPost, ThreadCounts } from '../../core/forum.ts';
import type { Digest } from '../../core/schemas/digest.ts';
import type { HourSignals } from '../../core/schemas/signals.ts';
import type { DropReason } from '../filter/index.ts';
import type { VoteFlood } from '../filter/vote-flood.ts';

export { HourSignals, NarrativeSignal } from '../../core/schemas/signals.ts';

/** An earlier hour as the analyser sees it. */
export interface PreviousHour {
  readonly digest: Digest;
  /** Null when the hour was written before signals existed or its signals file is missing. */
  readonly signals: HourSignals | null;
}

/** Everything an analyser needs for one hour; pure data, no I/O. */
export interface AnalysisInput {
  readonly hourStart: string;
  readonly hourEnd: string;
  /** Posts scraped in the hour before filtering. */
  readonly totalPosts: number;
  /** Posts left after the quality filter. Untrusted text. */
  readonly posts: readonly ForumPost[];
  /** Post id → flattened comments, for the threads the scraper fetched. Untrusted text. */
  readonly comments: ReadonlyMap<string, readonly ForumComment[]>;
  /** How many comment threads the scraper wanted, fetched and failed to fetch (absent: not known). */
  readonly threads?: ThreadCounts;
  /** Earlier hours that have digests, newest first (at most 24). */
  readonly previous: readonly PreviousHour[];
  /** Dropped posts that out-voted every quality post (`voteFlood`), when there were such. */
  readonly voteFlood?: VoteFlood | null;
  /** What the quality filter dropped and why (floods, bait, promotion): campaigns are read from it. Untrusted text. */
  readonly dropped?: readonly { readonly post: ForumPost; readonly reason: DropReason }[];
}

/** The digest fields an analyser writes, plus the signals kept for later hours. */
export type Analysis = Pick<
  Digest,
  | 'title'
  | 'summary'
  | 'fullDigest'
  | 'topTopics'
  | 'emergingNarratives'
  | 'continuingNarratives'
  | 'fadingNarratives'
  | 'hotDiscussions'
  | 'overallSentiment'
  | 'sentimentShift'
  | 'topPostPatterns'
> &
  Required<
    Pick<Digest, 'stories' | 'anomalies' | 'background' | 'numbers' | 'tone' | 'narrativeLines' | 'hazards'>
  > &
  Pick<Digest, 'floodNote' | 'moreThreads'> & { readonly signals: HourSignals };

/** Turns one hour of quality posts into digest fields. Implementations must be deterministic for the offline one. */
export interface Analyser {
  /** `offline` or `openai:<model>`; recorded in logs. */
  readonly name: string;
  analyse(input: AnalysisInput): Promise<Analysis>;
}
