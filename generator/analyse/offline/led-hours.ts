import type { PreviousHour } from '../types.ts';

/**
 * The earlier hours (hourStart, in the order given) within `windowMs` before `hourStart` whose digest
 * `holds` says yes to. Pure.
 */
function hoursWhere(
  previous: readonly PreviousHour[],
  hourStart: string,
  windowMs: number,
  holds: (digest: PreviousHour['digest']) => boolean,
): string[] {
  const now = Date.parse(hourStart);
  return previous
    .filter((p) => {
      const age = now - Date.parse(p.digest.hourStart);
      return age > 0 && age <= windowMs && holds(p.digest);
    })
    .map((p) => p.digest.hourStart);
}

/**
 * The earlier hours (hourStart, newest first as given) within `windowMs` before `hourStart` in which
 * `author`'s post led one of the digest's first `topStories` stories, or, with `discussions`, its first
 * hot discussion's author was them. Case aside; none for no author. Pure.
 */
export function hoursLedBy(
  previous: readonly PreviousHour[],
  hourStart: string,
  author: string | null,
  options: { readonly windowMs: number; readonly topStories: number; readonly discussions?: boolean },
): string[] {
  if (!author) return [];
  const a = author.toLowerCase();
  return hoursWhere(
    previous,
    hourStart,
    options.windowMs,
    (d) =>
      (d.stories ?? []).slice(0, options.topStories).some((s) => s.lead.author?.toLowerCase() === a) ||
      (options.discussions === true && d.hotDiscussions.some((h) => h.notableAgents[0]?.toLowerCase() === a)),
  );
}

/**
 * The earlier hours (hourStart, as given) within `windowMs` before `hourStart` whose digest told a story
 * holding a post that `speaks` says is on the subject (its lead's or a related post's title and author).
 * Pure.
 */
export function hoursSpeakingOf(
  previous: readonly PreviousHour[],
  hourStart: string,
  speaks: (post: { readonly title: string; readonly author: string | null }) => boolean,
  windowMs: number,
): string[] {
  return hoursWhere(previous, hourStart, windowMs, (d) =>
    (d.stories ?? []).some((s) => [s.lead, ...s.related].some((post) => speaks(post))),
  );
}

/**
 * The earlier hours (hourStart, as given) within `windowMs` before `hourStart` whose digest told a story
 * under `label` itself (case aside). Pure.
 */
export function hoursTelling(
  previous: readonly PreviousHour[],
  hourStart: string,
  label: string,
  windowMs: number,
): string[] {
  const l = label.toLowerCase();
  return hoursWhere(previous, hourStart, windowMs, (d) =>
    (d.stories ?? []).some((s) => s.label.toLowerCase() === l),
  );
}
