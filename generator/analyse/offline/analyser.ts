import { z } from 'zod';
import { round } from '../../../core/canonical-json.ts';
import { renderFullDigest } from '../../../core/digest-report.ts';
import type { ForumPost } from '../../../core/forum.ts';
import type {
  EngagementAnomaly,
  Hazard,
  HourNumbers,
  NarrativeLine,
  PostKind,
  Story,
  ToneReport,
} from '../../../core/schemas/digest.ts';
import { BUSIEST_THREADS, MORE_THREADS } from '../../../core/schemas/digest.ts';
import type { Analyser, Analysis, AnalysisInput } from '../types.ts';
import { engagementAnomalies, isCommentSwarm } from './anomalies.ts';
import { backgroundKind } from './background.ts';
import { backgroundStreams } from './background-streams.ts';
import { findCampaigns } from './campaigns.ts';
import { readHour } from './corpus.ts';
import { hotDiscussions, type ThreadStory } from './discussions.ts';
import { hourEngagement } from './engagement.ts';
import { handleMatcher, lowercaseWords, postEntities } from './entities.ts';
import { claimsTakeover, hazardSeverity, INJECTION_WARNING, postHazard, withoutLinks } from './hazards.ts';
import { isReport, keySentence } from './key-sentence.ts';
import { postKind } from './kinds.ts';
import { knownHandles } from './known-handles.ts';
import { bigLaunches, isLaunchRoundup, launchRoundup } from './launches.ts';
import { hoursSpeakingOf, hoursTelling } from './led-hours.ts';
import { TONE_WORDS } from './lexicons.ts';
import {
  NARRATIVE_LOOKBACK_HOURS,
  type NarrativeDraft,
  narrativeLifecycle,
  narrativeLists,
} from './lifecycle.ts';
import { namedAgentGroups } from './named-agents.ts';
import { hasMarker, INFLATED_LABEL, newsMarkers } from './news-kind.ts';
import { newsTone } from './news-tone.ts';
import { topPostPatterns } from './patterns.ts';
import { floodSentence, writeSummary, writeTitle } from './prose.ts';
import { draftNewsKind, rankStories } from './rank.ts';
import { isRecruitingLabel, isRegularLabel, prolificAuthors, regularPosters } from './regulars.ts';
import { scamWarnings, withDroppedPitches } from './scam-warnings.ts';
import { securityWave } from './security-wave.ts';
import { hourTone, sentimentShift } from './sentiment.ts';
import { findStories, type StoryDraft } from './stories.ts';
import { quotedTitle } from './story-label.ts';
import { storyId, storyPost } from './story-text.ts';
import {
  isFailureLabel,
  isSubjectLabel,
  mergeSmallThreats,
  subjectGroups,
  threatOfTitle,
  titleSpeaksOf,
} from './subjects.ts';
import { containsPhrase } from './topics.ts';

/** Dangerous posts listed at most. */
const MAX_HAZARDS = 10;
/** Comments from which a thread outside the stories is listed among the hour's more threads. */
const MORE_THREAD_COMMENTS = 5;
/** Comments a post needs to be a story of its own. */
const LONE_THREAD = 10;
/** Comments a thread needs to be hot in a frozen hour (most posts drew none; a few had begun before). */
const FROZEN_HOT = 5;
/** Quality posts from which a new narrative needs three posts, not two. */
const BUSY_HOUR = 100;
/** How far back a subject told in an earlier digest's story keeps it from being new (a day). */
const SUBJECT_MEMORY_MS = 24 * 3_600_000;
/** Characters of a post's opening read for a vanished narrative's subject. */
const OPENING_CHARS = 300;
/** Stories whose listed posts the hot discussions leave out: a reader already sees them above. */
const LEADS_SHOWN = 5;

/** Options of the offline analyser; the defaults suit hours of 10 to 25,000 posts. */
export const OfflineAnalyserOptions = z
  .object({
    /** Characters of post bodies read by the NLP pass in one hour, shared out between posts (each gets 200–500). */
    textBudget: z.int().positive().default(450_000),
    /** Posts scored by VADER; bigger hours use a stable sample of this size. */
    toneSample: z.int().positive().default(200),
    /** Top topics listed (story labels). */
    topics: z.int().positive().max(20).default(8),
    /** Stories published in the digest, at most. */
    stories: z.int().positive().max(40).default(8),
    /** Narratives tracked per hour (before the vanished ones are added). */
    narratives: z.int().positive().max(20).default(10),
    /** Hot discussions listed. */
    discussions: z.int().nonnegative().max(20).default(5),
    /** Web address of forum posts, to which a post's id is appended (see core/forum-links.ts). */
    postUrlBase: z.url().default('https://www.moltbook.com/post/'),
  })
  .strict();
export type OfflineAnalyserOptions = z.input<typeof OfflineAnalyserOptions>;

/**
 * The deterministic analyser: groups the hour's posts into stories (TF-IDF over wink-nlp noun phrases,
 * single-pass clustering, kinds of post), tracks narratives across hours by content, reads the tone with
 * VADER and tone lexicons, flags inorganic engagement, and writes every field from the stories. No network.
 * The same input (in any post or comment order) always gives byte-identical output.
 */
export function createOfflineAnalyser(options: OfflineAnalyserOptions = {}): Analyser {
  const parsed = OfflineAnalyserOptions.safeParse(options);
  if (!parsed.success) {
    throw new Error(`offline analyser options: ${z.prettifyError(parsed.error)}`);
  }
  const config = parsed.data;
  return {
    name: 'offline',
    analyse: async (input) => analyseHour(input, config),
  };
}

function analyseHour(input: AnalysisInput, config: z.output<typeof OfflineAnalyserOptions>): Analysis {
  const corpus = readHour(input.posts, input.comments, config.textBudget);
  const total = corpus.posts.length;
  const urlBase = config.postUrlBase;
  const kinds: PostKind[] = corpus.posts.map(postKind);
  const engagement = hourEngagement(corpus.posts);
  const reasons = engagementAnomalies(corpus.posts, { commentsStalled: engagement.state === 'frozen' });
  const anomalous = new Set(corpus.posts.flatMap((p, i) => (reasons.has(p.id) ? [i] : [])));
  const anomalies: EngagementAnomaly[] = corpus.posts
    .filter((p) => reasons.has(p.id))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .map((p) => ({ post: storyPost(p, urlBase), reason: reasons.get(p.id) ?? '' }));

  // A post that drew a thread of its own (the hour's top 1% of comments and 100+) is never background.
  const bigThread = Math.max(100, 5 * engagement.bar);
  const streams = corpus.posts.map((p) => (p.commentCount >= bigThread ? null : backgroundKind(p)));
  const exclude = new Set(
    corpus.posts.flatMap((_, i) => (streams[i] !== null || kinds[i] === 'promotion' ? [i] : [])),
  );
  const handleForms = knownHandles(corpus.posts, input.previous);
  const matcher = handleMatcher(
    handleForms.values(),
    lowercaseWords(corpus.posts.map((p) => `${p.title}\n${p.content.slice(0, 600)}`)),
  );
  const entities = corpus.posts.map((p) => postEntities(p, matcher));
  const markers = corpus.posts.map(newsMarkers);
  // A warning naming a coin, submolt or site brings the pitches it warns about back into the news.
  const live = (i: number): boolean => streams[i] === null && !corpus.duplicate[i];
  const indices = corpus.posts.map((_, i) => i);
  const warnings = scamWarnings(
    corpus.posts,
    entities,
    indices.filter((i) => live(i) && kinds[i] !== 'promotion'),
    indices.filter((i) => live(i) && kinds[i] === 'promotion'),
    handleForms,
    (input.dropped ?? [])
      .filter((d) => d.reason === 'promotion')
      .map((d) => ({ post: d.post, entities: postEntities(d.post, matcher) })),
  );
  for (const w of warnings) for (const j of w.pitches) exclude.delete(j);
  const all = corpus.posts.map((_, i) => i).filter((i) => !exclude.has(i) && !corpus.duplicate[i]);
  const swarmed = new Set(all.filter((i) => isCommentSwarm(corpus.posts[i] as ForumPost)));
  // Two or more posts whose threads stand on inflated votes are one story: the votes are the news.
  const inflated = all.filter(
    (i) => anomalous.has(i) && !swarmed.has(i) && (corpus.posts[i]?.commentCount ?? 0) >= LONE_THREAD,
  );
  const pool = all.filter((i) => !inflated.includes(i));
  // One inflated thread by an agent others answer by name belongs in that agent's story, its numbers marked.
  const named = namedAgentGroups(
    corpus.posts,
    pool,
    entities,
    handleForms,
    inflated.length >= 2 ? [] : inflated,
  );
  const inNamed = new Set(named.flatMap((g) => g.members));
  // One such thread is a story of its own, never a passenger in a cluster whose numbers it would swamp.
  const inflatedGroup =
    inflated.length >= 2
      ? [{ label: INFLATED_LABEL, members: inflated, newsKind: 'incident' as const }]
      : inflated
          .filter((i) => !inNamed.has(i))
          .map((i) => ({
            label: quotedTitle(corpus.posts[i]?.title ?? '') ?? INFLATED_LABEL,
            members: [i],
          }));
  const regulars = regularPosters(
    corpus.posts,
    pool.filter((i) => !inNamed.has(i)),
    input.previous.map((h) => h.signals?.prolific ?? []),
    engagement.bar,
    handleForms,
  );
  for (const g of regulars) for (const i of g.members) inNamed.add(i);
  const subjects = mergeSmallThreats(
    subjectGroups(
      corpus.posts,
      pool.filter((i) => !inNamed.has(i)),
      (i) => hasMarker(markers[i], 'incident'),
      (i) => hasMarker(markers[i], 'security'),
      (i) => markers[i]?.title.includes('drama') === true,
    ),
  );
  const found = findStories(corpus, kinds, anomalous, {
    exclude,
    entities,
    swarmed,
    loneThreadComments: LONE_THREAD,
    preset: [
      ...inflatedGroup,
      ...warnings.map((w) => ({
        label: w.label,
        members: w.members,
        newsKind: w.newsKind,
        ordered: true,
        single: true,
      })),
      ...named.map((g) => ({ ...g, subject: g.label.slice(1).toLowerCase() })),
      ...regulars.map((g) => ({ ...g, single: true, ordered: true })),
      ...subjects,
    ],
  });
  // One post is a thread, not a theme: it goes by its own title, not by a phrase picked out of it.
  const titledDrafts = found.map((d) => {
    const title =
      d.members.length === 1 && !d.fixedLabel
        ? quotedTitle(corpus.posts[d.members[0] ?? -1]?.title ?? '')
        : null;
    return title ? { ...d, label: title } : d;
  });
  // What agents shipped this hour, listed together; a launch that drew one of the big threads stands alone.
  const bigLone = Math.max(20, 3 * engagement.bar);
  // The hour's security posts are one wave, told in its biggest security story.
  const drafts = securityWave(launchRoundup(corpus, titledDrafts, pool, anomalous, bigLone), {
    corpus,
    candidates: pool,
    anomalous,
    bigThread: bigLone,
    securityTitle: (i) =>
      markers[i]?.title.includes('security') === true && threatOfTitle(corpus.posts[i]?.title ?? '') !== null,
    kindOf: (d) => draftNewsKind(corpus, d),
    lure: (i) => {
      const p = corpus.posts[i];
      return p !== undefined && postHazard(p) !== null && !claimsTakeover(p);
    },
  });
  const byId = new Map(corpus.posts.map((p, i) => [p.id, i]));
  const campaigns = findCampaigns({
    kept: corpus.posts.filter((_, i) => streams[i] === null),
    dropped: input.dropped ?? [],
    totalPosts: input.totalPosts,
    bar: engagement.bar,
    isPromotion: (p) => kinds[byId.get(p.id) ?? -1] === 'promotion',
  });
  // The hour's ten most-commented quality posts (at the bar or above): a stream holding many drew the replies.
  const answered = corpus.posts
    .filter((p, i) => p.commentCount >= engagement.bar && !anomalous.has(i))
    .sort((a, b) => b.commentCount - a.commentCount || (a.id < b.id ? -1 : 1))
    .slice(0, BUSIEST_THREADS);
  // Counted only when there are ten such threads to count against, and comment counts compare.
  const busiest = new Set(
    engagement.state === 'organic' && answered.length === BUSIEST_THREADS ? answered.map((p) => p.id) : [],
  );
  // An account is no topic: a regular poster's story is told, not counted as a theme (its narrative is the agent's).
  const topicDrafts = topicStories(
    drafts.filter((d) => !isRegularLabel(d.label)),
    config.topics,
    total >= BUSY_HOUR ? 3 : 2,
  );
  // A story labelled by its lead's title is one hour's thread: it may carry on a narrative, never start one.
  // Stories grouped by what they are about (a failure, an agent, inflated votes) are tracked first.
  const narrativeDrafts = [...drafts.filter((d) => d.fixedLabel), ...drafts.filter((d) => !d.fixedLabel)]
    // An account is no narrative: a regular poster's posts are told as a story each hour, never tracked as
    // a line of events ("@Senator_Tommy's regular posts" read to readers of three sessions as no narrative).
    .filter((d) => d.members.length >= 2 && !isLaunchRoundup(d.label) && !isRegularLabel(d.label))
    .slice(0, config.narratives);
  // A launch that drew one of the hour's big threads is tracked by what it launched ("moltdev"): later
  // hours speak of the product, not of its post's title.
  const launchNames =
    engagement.state === 'organic'
      ? bigLaunches(corpus, drafts, anomalous, bigLone)
      : new Map<StoryDraft, string>();
  const tracked = narrativeLifecycle(
    [...narrativeDrafts, ...launchNames.keys()].map((d): NarrativeDraft => {
      const launched = launchNames.get(d);
      return {
        label: launched ?? d.label,
        terms: d.terms,
        posts: d.members.length,
        share: total === 0 ? 0 : d.members.length / total,
        prominent: topicDrafts.includes(d),
        fixedLabel: launched !== undefined || d.fixedLabel,
        quoted: launched === undefined && d.label.startsWith('“'),
        ...(launched !== undefined ? { launch: true } : {}),
      };
    }),
    input.hourStart,
    input.previous,
    // In a busy hour two posts sharing a phrase are a coincidence more often than a theme.
    {
      qualityPosts: total,
      minNewPosts: total >= BUSY_HOUR ? 3 : 2,
      isSubjectLabel,
      // A failure, or a new round of inflated votes, is news each time it happens; a theme or a conflict
      // told before is back, not new.
      subjectSince: (label) =>
        isFailureLabel(label) || label === INFLATED_LABEL
          ? null
          : (hoursSpeakingOf(
              input.previous,
              input.hourStart,
              (post) => titleSpeaksOf(post, label) === true,
              SUBJECT_MEMORY_MS,
            ).sort()[0] ?? null),
      toldSince: (label) =>
        label.startsWith('“')
          ? null
          : (hoursTelling(input.previous, input.hourStart, label, SUBJECT_MEMORY_MS).sort()[0] ?? null),
    },
  );
  // A vanished narrative whose name a story of this hour still carries is not gone.
  const storyLabels = new Set(drafts.map((d) => d.label.toLowerCase()));
  // …nor is one whose words three of the hour's posts still use together, a post still names (its subject
  // in a title, its phrase in a post's opening) or two posts' openings speak of: it is only no story this
  // hour, and it fades with the posts that still name it. (Its strongest phrase alone counts when it has
  // several words: "agent to agent" is the narrative.)
  const mentionsOf = (n: { readonly label: string; readonly terms: readonly string[] }): number => {
    const probe = n.terms.slice(0, 8);
    const need = Math.min(2, probe.length);
    const head = probe[0]?.includes(' ') ? probe[0] : null;
    const using = corpus.features.flatMap((f, i) =>
      (head !== null && f.phrases.has(head)) || probe.filter((t) => f.phrases.has(t)).length >= need
        ? [i]
        : [],
    );
    const naming = corpus.posts.flatMap((p, i) =>
      (titleSpeaksOf(p, n.label) ?? saysLabel([p], [0], n.label)) ? [i] : [],
    );
    const opening = corpus.posts.flatMap((p, i) =>
      titleSpeaksOf({ title: p.content.slice(0, OPENING_CHARS), author: null }, n.label) === true ? [i] : [],
    );
    const still = using.length >= 3 || naming.length > 0 || opening.length >= 2;
    return still ? new Set([...(using.length >= 3 ? using : []), ...naming, ...opening]).size : 0;
  };
  const previousShares = new Map<string, { share: number; posts: number }>();
  for (const n of input.previous[0]?.signals?.narratives ?? [])
    if (n.posts > 0) previousShares.set(n.id ?? n.label, { share: n.share, posts: n.posts });
  const narratives = tracked.flatMap((n) => {
    if (n.posts > 0) return [n];
    if (storyLabels.has(n.label.toLowerCase())) return [];
    const mentions = mentionsOf(n);
    if (mentions === 0) return [n];
    // Named by as many posts as it had last hour, it is not losing traction: only no story this hour.
    const before = previousShares.get(n.id ?? n.label)?.posts ?? 0;
    return mentions < before ? [{ ...n, mentions }] : [];
  });
  // A story that continues a narrative is shown under the narrative's stable label.
  const narrativeOf = new Map<StoryDraft, (typeof narratives)[number]>();
  const present = narratives.filter((n) => n.posts > 0);
  [...narrativeDrafts, ...launchNames.keys()].forEach((d) => {
    const n = present.find(
      (x) => x.terms.join('\u0000') === d.terms.join('\u0000') && x.posts === d.members.length,
    );
    if (n) narrativeOf.set(d, n);
  });
  // Subjects a story of the last six hours (the lifecycle's lookback) carried.
  const recentLabels = new Set(
    input.previous
      .filter(
        (h) =>
          h.signals &&
          Date.parse(input.hourStart) - Date.parse(h.signals.hourStart) <=
            NARRATIVE_LOOKBACK_HOURS * 3_600_000,
      )
      .flatMap((h) => (h.signals?.narratives ?? []).filter((x) => x.posts > 0).map((x) => x.label)),
  );
  const returned = (label: string, firstSeen: string): boolean =>
    firstSeen < input.hourStart &&
    isSubjectLabel(label) &&
    !label.startsWith('@') &&
    !recentLabels.has(label);
  const emergingDrafts = new Set<StoryDraft>();
  const olderDrafts = new Set<StoryDraft>();
  const idOfNamed = new Map<StoryDraft, string>();
  const namedOf = new Map<StoryDraft, StoryDraft>();
  for (const d of drafts) {
    const n = narrativeOf.get(d);
    // A cluster is shown under its narrative's name only when one of its posts says that name: posts on
    // skill forensics are not "supply chain" because an earlier hour's story was.
    const shown =
      n &&
      !d.fixedLabel &&
      !launchNames.has(d) &&
      !n.label.startsWith('“') &&
      saysLabel(corpus.posts, d.members, n.label)
        ? { ...d, label: n.label }
        : d;
    namedOf.set(d, shown);
    if (n?.id) idOfNamed.set(shown, n.id);
    // A subject back after quiet hours is listed as continuing, but its return is still news.
    if (n?.status === 'emerging' || (n && returned(n.label, n.firstSeen))) emergingDrafts.add(shown);
    if (n && n.firstSeen < input.hourStart) olderDrafts.add(shown);
  }
  const topicSet = new Set(topicDrafts.map((d) => namedOf.get(d)));
  const ranked = rankStories({
    corpus,
    drafts: drafts.map((d) => namedOf.get(d) ?? d),
    campaigns,
    entities,
    comments: input.comments,
    flagged: reasons,
    engagement,
    previous: input.previous,
    hourStart: input.hourStart,
    urlBase,
    total,
    narrativeIdOf: (d) => idOfNamed.get(d) ?? null,
    emerging: (d) => emergingDrafts.has(d),
    continuesEarlier: (d) => olderDrafts.has(d),
    handleForms,
  });
  const usedIds = new Set<string>();
  // A lone post is a story when it is news (a failure, a launch, a conflict…) or drew one of the hour's
  // big threads; a single opinion among hundreds of posts is not the hour's news.
  const drewThread = (s: Story): boolean => engagement.state === 'organic' && s.lead.comments >= bigLone;
  const published = ranked.filter(
    ({ story: s }) =>
      // Two posts sharing a phrase in a busy hour are a pair, not a story, unless they report one failure,
      // warn of one scam or drew a real thread.
      s.posts > 2 ||
      (s.posts === 2 && (total < BUSY_HOUR || s.newsKind === 'incident' || drewThread(s))) ||
      (s.posts === 2 && s.warning !== undefined) ||
      (s.posts === 1 &&
        (s.warning !== undefined ||
          !['discussion', 'essay', 'other'].includes(s.newsKind ?? 'discussion') ||
          drewThread(s))),
  );
  const droppedPitches = new Map(warnings.map((w) => [w.label, w.dropped]));
  const stories: Story[] = published.slice(0, config.stories).map(({ story }) => {
    let id = story.id;
    for (let n = 2; usedIds.has(id); n++) id = `${story.id}-${n}`;
    usedIds.add(id);
    return withDroppedPitches({ ...story, id }, droppedPitches.get(story.label) ?? [], urlBase);
  });
  // What the filter set aside is named, not lost: a dropped post no story tells and no warning names.
  const told = new Set(stories.flatMap((st) => st.postIds ?? [st.lead.postId]));
  // The hour's coin pitches no story tells (none leads, none joined a launch) are a stream of their own.
  const pitched = campaigns.find((c) => c.type === 'promotion');
  const untoldPitches =
    pitched && !stories.some((st) => st.label === pitched.label || st.joined !== undefined)
      ? pitched.posts.filter((p) => !told.has(p.id))
      : [];
  // Posts dangerous to their readers, kept or dropped (a campaign's post can carry the lure).
  const injected = new Set(
    (input.dropped ?? []).filter((d) => d.reason === 'injection').map((d) => d.post.id),
  );
  const hazards: Hazard[] = [...corpus.posts, ...(input.dropped ?? []).map((d) => d.post)]
    .flatMap((p) => {
      // A post the filter dropped as an injection is named, so its readers know not to act on it.
      const warning = postHazard(p) ?? (injected.has(p.id) ? INJECTION_WARNING : null);
      // The lure's own address is never repeated: the digest is read by agents too.
      const post = { ...storyPost(p, urlBase), title: withoutLinks(p.title) };
      return warning ? [{ post, warning }] : [];
    })
    // The gravest first (a drainer or a data collector before a sign-up with a key), then by replies.
    .sort(
      (a, b) =>
        hazardSeverity(a.warning) - hazardSeverity(b.warning) ||
        b.post.comments - a.post.comments ||
        (a.post.postId < b.post.postId ? -1 : 1),
    )
    .slice(0, MAX_HAZARDS);
  const warnedIds = new Set(hazards.map((h) => h.post.postId));
  const background = backgroundStreams(
    [
      ...corpus.posts.filter((_, i) => streams[i] !== null),
      ...(input.dropped ?? []).map((d) => d.post),
      ...untoldPitches,
    ],
    urlBase,
    busiest,
    new Map(
      (input.dropped ?? [])
        // A post the Warnings name is told there, not set aside as spam as well (19:00's fake Moltbook notice).
        .filter((d) => d.reason !== 'injection' && !told.has(d.post.id) && !warnedIds.has(d.post.id))
        .map((d) => [d.post.id, d.reason] as const),
    ),
    new Set(untoldPitches.map((p) => p.id)),
  );
  const storyOf = new Map<number, ThreadStory>();
  const shownAt = new Map(published.map((r, k) => [r, k]));
  ranked.forEach((r) => {
    const d = r.draft;
    if (!d) return;
    const id = stories[shownAt.get(r) ?? -1]?.id ?? storyId(d.label);
    for (const i of d.members) storyOf.set(i, { label: d.label, id, posts: d.members.length });
  });

  // The lists read most newsworthy first: a narrative where its story ranks, the vanished ones last.
  const rankOf = new Map<string, number>();
  for (const [d, n] of narrativeOf) {
    const k = ranked.findIndex((r) => r.draft === namedOf.get(d));
    if (k >= 0 && n.id) rankOf.set(n.id, k);
  }
  const unranked = ranked.length;
  // A token launch the hour's coin pitches joined is one wave with them: its narrative counts their posts.
  const joinedBy = new Map(
    stories.flatMap((st) => (st.narrativeId && st.joined ? [[st.narrativeId, st.joined] as const] : [])),
  );
  const ordered = [...narratives]
    .map((n) => {
      const joined = joinedBy.get(n.id ?? '');
      if (!joined || n.posts === 0) return n;
      const posts = n.posts + joined.posts;
      return { ...n, label: `${n.label} and other token launches`, posts, share: round(posts / total, 4) };
    })
    .sort(
      (a, b) =>
        (a.posts > 0 ? 0 : 1) - (b.posts > 0 ? 0 : 1) ||
        (rankOf.get(a.id ?? '') ?? unranked) - (rankOf.get(b.id ?? '') ?? unranked),
    );
  const lists = narrativeLists(ordered);
  const previousWord = input.previous[0]?.signals?.tone;
  const lexicon = hourTone(
    corpus,
    config.toneSample,
    (TONE_WORDS as readonly string[]).includes(previousWord ?? '') ? previousWord : undefined,
  );
  const news = newsTone(stories, engagement, lexicon.word);
  const tone = { ...lexicon, word: news.word };
  const shift = sentimentShift(tone, input.hourStart, input.previous);
  const discussions = hotDiscussions(
    {
      corpus,
      comments: input.comments,
      storyOf,
      anomalies: reasons,
      urlBase,
      skip: new Set(
        notHot(
          corpus.posts.flatMap((p, i) => (streams[i] !== null ? [p.id] : [])),
          stories,
          hazards,
        ).flatMap((id) => (byId.has(id) ? [byId.get(id) as number] : [])),
      ),
      // Missing counts rank nothing: no thread is called hot on them.
      missing: engagement.state === 'missing',
      // A regular poster's thread is told as part of the habit ("in 7 of the last 24 hours").
      habits: new Map(
        regulars.flatMap((g) => {
          const author = corpus.posts[g.members[0] ?? -1]?.author?.toLowerCase();
          return author
            ? [[author, { hours: g.hours, recruiting: isRecruitingLabel(g.label) }] as const]
            : [];
        }),
      ),
    },
    {
      limit: config.discussions,
      // In a frozen hour only a thread that drew a real discussion before the counts stalled is hot.
      ...(engagement.state === 'frozen' ? { minComments: FROZEN_HOT } : {}),
    },
  );
  // What worked is read from the posts that compete for attention: introductions draw welcomes, not readers;
  // and only from counts that can be compared (a frozen hour's rage-bait "worked" on votes alone).
  const patterns =
    engagement.state === 'organic'
      ? topPostPatterns(
          corpus.posts.filter((_, i) => !corpus.duplicate[i] && !anomalous.has(i) && streams[i] === null),
        )
      : [];
  const previousHead = input.previous[0]?.digest.stories?.[0]?.lead;
  const busiestPost = corpus.posts[byId.get(discussions[0]?.postId ?? '') ?? -1];
  // Where the hour's replies went, outside the background and the posts warned of (`warnedIds`).
  // A thread of its own: organic, no copy, no background.
  const ownThread = (i: number): boolean => streams[i] === null && !anomalous.has(i) && !corpus.duplicate[i];
  const topPost =
    engagement.state === 'organic'
      ? corpus.posts
          .filter((p, i) => ownThread(i) && !warnedIds.has(p.id) && p.commentCount >= engagement.bar)
          .sort((a, b) => b.commentCount - a.commentCount || (a.id < b.id ? -1 : 1))[0]
      : undefined;
  const prose = {
    topThread: topPost
      ? { postId: topPost.id, author: topPost.author, title: topPost.title, comments: topPost.commentCount }
      : null,
    busiest: busiestPost
      ? { author: busiestPost.author, title: busiestPost.title, comments: busiestPost.commentCount }
      : null,
    previousLead:
      previousHead &&
      Date.parse(input.hourStart) - Date.parse(input.previous[0]?.digest.hourStart ?? '') <= 3_600_000
        ? { postId: previousHead.postId, author: previousHead.author, title: previousHead.title }
        : null,
    qualityPosts: total,
    stories,
    background,
    anomalies,
    engagement,
    flood: input.voteFlood ?? null,
    hazards,
    // What the headline story's lead says; for the next two, only a report of something done or found to
    // a thing a reader can check: "It modifies your SOUL.md", not "Here is my take" or a spec sheet.
    openings: new Map(
      stories.slice(0, 3).flatMap((s, k) => {
        const p = corpus.posts[byId.get(s.lead.postId) ?? -1];
        const said = p ? keySentence(p.title, p.content, k === 0 ? 200 : 180) : '';
        return said && (k === 0 || isReport(said)) ? [[s.lead.postId, said] as const] : [];
      }),
    ),
  };
  const title = writeTitle(prose);
  const summary = writeSummary(prose);

  let commentsRead = 0;
  let threadsFetched = 0;
  for (const p of corpus.posts) {
    const list = input.comments.get(p.id);
    if (list) {
      threadsFetched++;
      commentsRead += list.length;
    }
  }
  const count = (keys: readonly string[]): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const k of keys) out[k] = (out[k] ?? 0) + 1;
    return out;
  };
  const numbers: HourNumbers = {
    authors: new Set(corpus.posts.map((p) => p.author).filter((a) => a !== null)).size,
    droppedByReason: count((input.dropped ?? []).map((d) => d.reason)),
    postsByKind: count(kinds),
    inStories: stories
      .filter((s) => s.posts > 1 && s.newsKind !== 'campaign')
      .reduce((n, s) => n + s.posts, 0),
    commentsReported: corpus.posts.reduce((sum, p) => sum + p.commentCount, 0),
    threadsFetched,
    commentsRead,
    threads: input.threads ?? null,
    narrativesTracked: narratives.length,
    flaggedPosts: anomalies.length,
    engagement: engagement.state,
    engagementNote: engagement.note,
  };
  const toneReport: ToneReport = {
    word: tone.word,
    why: news.why,
    meanCompound: tone.meanCompound,
    noise: tone.noise,
    scored: tone.scored,
  };
  const leadOf = new Map<string, number>();
  for (const [d, n] of narrativeOf) if (n.id && d.members[0] !== undefined) leadOf.set(n.id, d.members[0]);
  const narrativeLines: NarrativeLine[] = ordered.map((n) => ({
    id: n.id ?? n.label,
    label: n.label,
    status: n.status,
    posts: n.posts,
    share: n.share,
    previousShare: previousShares.get(n.id ?? n.label)?.share ?? null,
    previousPosts: previousShares.get(n.id ?? n.label)?.posts ?? null,
    firstSeen: n.firstSeen,
    ...(n.mentions ? { mentions: n.mentions } : {}),
    ...(n.posts > 0 && leadOf.has(n.id ?? '')
      ? { lead: storyPost(corpus.posts[leadOf.get(n.id ?? '') ?? -1] as ForumPost, urlBase) }
      : {}),
  }));
  const floodNote = input.voteFlood ? floodSentence(input.voteFlood) : undefined;
  const moreThreads = otherThreads(
    corpus.posts.filter((p, i) => ownThread(i) && p.commentCount >= MORE_THREAD_COMMENTS),
    [...told, ...discussions.flatMap((d) => (d.postId ? [d.postId] : [])), ...warnedIds],
    engagement.state === 'organic',
  ).map((p) => storyPost(p, urlBase));
  const fullDigest = renderFullDigest({
    title,
    summary,
    // The report's Warnings section follows its overview: the overview does not say them first.
    ...(hazards.length > 0 ? { overview: [writeSummary({ ...prose, hazards: [] })] } : {}),
    hourStart: input.hourStart,
    hourEnd: input.hourEnd,
    totalPosts: input.totalPosts,
    qualityPosts: total,
    hotDiscussions: discussions,
    topPostPatterns: patterns,
    stories,
    anomalies,
    background,
    hazards,
    moreThreads,
    numbers,
    tone: toneReport,
    sentimentShift: shift,
    narrativeLines,
    floodNote,
  });

  return {
    title,
    summary,
    fullDigest,
    topTopics: topicLabels(
      byTalk(ranked.flatMap(({ draft }) => (draft && topicSet.has(draft) ? [draft] : []))).map(
        (d) => d.label,
      ),
      config.topics,
    ),
    emergingNarratives: lists.emerging,
    continuingNarratives: lists.continuing,
    fadingNarratives: lists.fading,
    hotDiscussions: discussions,
    overallSentiment: tone.word,
    sentimentShift: shift,
    topPostPatterns: patterns,
    stories,
    anomalies,
    background,
    hazards,
    numbers,
    tone: toneReport,
    narrativeLines,
    ...(floodNote ? { floodNote } : {}),
    ...(moreThreads.length > 0 ? { moreThreads } : {}),
    signals: {
      hourStart: input.hourStart,
      narratives: ordered,
      tone: tone.word,
      meanCompound: tone.meanCompound,
      toneNoise: tone.noise,
      terms: [...new Set(ranked.flatMap((r) => r.keys))].slice(0, 400),
      prolific: prolificAuthors(corpus.posts),
    },
  };
}

/** True when a member's title or opening uses the label's words as a phrase. */
function saysLabel(posts: readonly ForumPost[], members: readonly number[], label: string): boolean {
  const flat = (t: string): string =>
    t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const words = flat(label);
  return members.some((i) => {
    const p = posts[i];
    return p !== undefined && containsPhrase(flat(`${p.title} ${p.content.slice(0, 600)}`), words);
  });
}

/**
 * Ids of the posts never listed as hot discussions: background posts, the posts the stories shown above
 * them list with a link (lead and related; every post of a regular poster's story, which lists each with
 * its thread), and posts warned of (read in Warnings, never recommended). A reader of 02:00 found a
 * trading thread told in a story and again as a hot discussion. Pure.
 */
export function notHot(
  background: readonly string[],
  stories: readonly Story[],
  hazards: readonly Hazard[],
): string[] {
  return [
    ...background,
    ...stories
      .slice(0, LEADS_SHOWN)
      .flatMap((s) =>
        isRegularLabel(s.label) ? (s.postIds ?? []) : [s.lead.postId, ...s.related.map((r) => r.postId)],
      ),
    ...hazards.map((h) => h.post.postId),
  ];
}

/**
 * The threads a reader of the stories and discussions has not yet seen that drew the most replies: of
 * `candidates` (organic, not background, 5 comments or more), those not in `shown` (story posts, hot
 * discussions, warned posts), most comments first, `MORE_THREADS` at most; none when comment counts
 * cannot be compared. Pure.
 */
export function otherThreads(
  candidates: readonly ForumPost[],
  shown: readonly string[],
  comparable: boolean,
): ForumPost[] {
  if (!comparable) return [];
  const seen = new Set(shown);
  return candidates
    .filter((p) => !seen.has(p.id))
    .sort((a, b) => b.commentCount - a.commentCount || (a.id < b.id ? -1 : 1))
    .slice(0, MORE_THREADS);
}

/**
 * Stories by how much of the hour talked about them (`prominence`: distinct agents, each weighted by their
 * best post's replies), not by news: a perennial theme the hour's big threads took up is its top topic. Stable.
 */
function byTalk<T extends { readonly prominence: number }>(stories: readonly T[]): T[] {
  return [...stories].sort((a, b) => b.prominence - a.prominence);
}

/**
 * Topic labels in the given order, phrases only: a quoted post title (a story labelled by its lead) names a
 * thread, not a topic, and fills the list only when no phrase names any of the hour's topics (then three at most).
 */
function topicLabels(labels: readonly string[], limit: number): string[] {
  const phrases = labels.filter((l) => !l.startsWith('“'));
  const quoted = phrases.length > 0 ? [] : labels.filter((l) => l.startsWith('“')).slice(0, 3);
  const keep = new Set([...phrases, ...quoted].slice(0, limit));
  return labels.filter((l) => keep.has(l));
}

/**
 * The hour's top topics: labels of the topical stories of `several` posts or more (3 in a busy hour, where
 * two posts sharing a phrase are a pair, not a topic), most prominent first; lone threads fill the list
 * only while fewer than five such stories exist (a small hour).
 */
function topicStories(stories: readonly StoryDraft[], limit: number, several = 2): StoryDraft[] {
  const topical = byTalk(stories.filter((d) => d.members.length >= several));
  const lone = topical.length >= 5 ? [] : stories.filter((d) => d.members.length === 1);
  return [...topical, ...lone].slice(0, limit);
}
