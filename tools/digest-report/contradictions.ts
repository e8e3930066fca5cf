import type { NarrativeSignal } from '../../core/schemas/signals.ts';
import { labelKey, mentions, plainMarkdown, sameLabel } from './names.ts';
import { shiftContradiction } from './sentiment-shift.ts';
import { quote } from './text.ts';
import type { Contradiction, ReportHour } from './types.ts';

function narrativesOf(hour: ReportHour): readonly NarrativeSignal[] {
  return hour.signals?.narratives ?? [];
}

/** Labels of everything the hour presents as there: topics, stories, discussions, live narratives. */
function presentLabels(hour: ReportHour): string[] {
  const d = hour.digest;
  return [
    ...d.topTopics,
    ...(d.stories ?? []).map((s) => s.label),
    ...d.hotDiscussions.map((h) => h.topic),
    ...d.emergingNarratives,
    ...d.continuingNarratives,
    ...narrativesOf(hour)
      .filter((n) => n.posts > 0)
      .map((n) => n.label),
  ];
}

/** Labels the hour calls fading, in the digest's list or in its signals, each once. */
function fadingLabels(hour: ReportHour): string[] {
  const all = [
    ...hour.digest.fadingNarratives,
    ...narrativesOf(hour)
      .filter((n) => n.status === 'fading')
      .map((n) => n.label),
  ];
  const seen = new Set<string>();
  return all.filter((l) => {
    const k = labelKey(l);
    if (k === '' || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** (a) A narrative with 0 posts in the signals while a top topic or story of the hour is that narrative. */
export function goneButPresent(hour: ReportHour): Contradiction[] {
  const out: Contradiction[] = [];
  for (const n of narrativesOf(hour).filter((x) => x.posts === 0)) {
    const topic = hour.digest.topTopics.find((t) => sameLabel(t, n.label));
    if (topic !== undefined) {
      out.push({
        kind: 'gone-but-present',
        detail: `narrative ${quote(n.label)} has 0 posts (no longer seen) while ${quote(topic)} is a top topic`,
      });
      continue;
    }
    const story = (hour.digest.stories ?? []).find(
      (s) => (n.id !== undefined && s.narrativeId === n.id) || sameLabel(s.label, n.label),
    );
    if (story)
      out.push({
        kind: 'gone-but-present',
        detail: `narrative ${quote(n.label)} has 0 posts (no longer seen) while story ${quote(story.label)} (${story.posts} posts) is that narrative`,
      });
  }
  return out;
}

/** (b) A label in two of the emerging / continuing / fading lists, in the digest or in its signals. */
export function twoStatuses(hour: ReportHour): Contradiction[] {
  const d = hour.digest;
  const found = new Map<string, { label: string; where: Set<string> }>();
  const add = (label: string, where: string) => {
    const k = labelKey(label);
    if (k === '') return;
    const entry = found.get(k) ?? { label, where: new Set<string>() };
    entry.where.add(where);
    found.set(k, entry);
  };
  for (const l of d.emergingNarratives) add(l, 'emerging');
  for (const l of d.continuingNarratives) add(l, 'continuing');
  for (const l of d.fadingNarratives) add(l, 'fading');
  const out: Contradiction[] = [];
  for (const { label, where } of found.values())
    if (where.size > 1)
      out.push({ kind: 'two-statuses', detail: `${quote(label)} is listed as ${[...where].join(' and ')}` });
  const flagged = new Set([...found].filter(([, v]) => v.where.size > 1).map(([k]) => k));
  const signal = new Map<string, { label: string; where: Set<string> }>();
  for (const n of narrativesOf(hour)) {
    const k = labelKey(n.label);
    if (k === '' || flagged.has(k)) continue;
    const entry = signal.get(k) ?? { label: n.label, where: new Set<string>() };
    entry.where.add(n.status);
    signal.set(k, entry);
  }
  for (const { label, where } of signal.values())
    if (where.size > 1)
      out.push({
        kind: 'two-statuses',
        detail: `${quote(label)} is ${[...where].join(' and ')} in the hour's signals`,
      });
  return out;
}

/** (c) A top topic that the hour calls fading (by label, or through its story's narrative id). */
export function topTopicFading(hour: ReportHour): Contradiction[] {
  const fading = fadingLabels(hour);
  const fadingIds = new Set(
    narrativesOf(hour)
      .filter((n) => n.status === 'fading' && n.id !== undefined)
      .map((n) => n.id),
  );
  const out: Contradiction[] = [];
  for (const topic of hour.digest.topTopics) {
    const byLabel = fading.find((l) => sameLabel(l, topic));
    if (byLabel !== undefined) {
      out.push({ kind: 'top-topic-fading', detail: `top topic ${quote(topic)} is fading` });
      continue;
    }
    const story = (hour.digest.stories ?? []).find(
      (s) => sameLabel(s.label, topic) && s.narrativeId !== null && fadingIds.has(s.narrativeId),
    );
    if (story)
      out.push({
        kind: 'top-topic-fading',
        detail: `top topic ${quote(topic)} belongs to narrative ${quote(story.narrativeId ?? '')}, which is fading`,
      });
  }
  return out;
}

/** The label a "… no longer seen" line is about: its bold part, else the words before the phrase. */
export function goneLabel(line: string): string | null {
  const at = line.toLowerCase().indexOf('no longer seen');
  if (at < 0) return null;
  const bold = /\*\*(.+?)\*\*/.exec(line.slice(0, at));
  const raw = bold?.[1] ?? line.slice(0, at);
  const label = plainMarkdown(raw)
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/\s+(?:is|was|are|were|has been)\s*$/i, '')
    .replace(/[\s:,;—–-]+$/, '')
    .trim();
  return label === '' ? null : label;
}

/** (d) A line of fullDigest saying "no longer seen" about something the hour presents as there. */
export function textSaysGone(hour: ReportHour): Contradiction[] {
  const present = presentLabels(hour);
  const out: Contradiction[] = [];
  for (const line of hour.digest.fullDigest.split('\n')) {
    const label = goneLabel(line);
    if (label === null) continue;
    const match = present.find((p) => sameLabel(p, label));
    if (match !== undefined)
      out.push({
        kind: 'text-says-gone',
        detail: `fullDigest says ${quote(label)} is no longer seen, yet ${quote(match)} is in this hour`,
      });
  }
  return out;
}

/** (e) The title naming a narrative the hour calls fading (every content word of the label in the title). */
export function titleNamesFading(hour: ReportHour): Contradiction[] {
  return fadingLabels(hour)
    .filter((l) => mentions(hour.digest.title, l))
    .map((l) => ({
      kind: 'title-names-fading' as const,
      detail: `title ${quote(hour.digest.title)} names ${quote(l)}, which is fading`,
    }));
}

/** (f) sentimentShift claiming a direction its own quoted numbers contradict. */
export function shiftAgainstNumbers(hour: ReportHour): Contradiction[] {
  const why = shiftContradiction(hour.digest.sentimentShift);
  return why === null
    ? []
    : [
        {
          kind: 'shift-against-numbers',
          detail: `sentimentShift ${quote(hour.digest.sentimentShift)} ${why}`,
        },
      ];
}

/** (g) A hot discussion led by a post flagged as an engagement anomaly, without a warning. */
export function anomalyWithoutWarning(hour: ReportHour): Contradiction[] {
  const flagged = new Set((hour.digest.anomalies ?? []).map((a) => a.post.postId));
  return hour.digest.hotDiscussions
    .filter((h) => h.postId !== undefined && flagged.has(h.postId) && h.warning === undefined)
    .map((h) => ({
      kind: 'anomaly-without-warning' as const,
      detail: `hot discussion ${quote(h.topic)} is led by anomalous post ${quote(h.postId ?? '')} but carries no warning`,
    }));
}

/** Every contradiction inside one hour's digest (and its signals), checks (a)–(g) in order. */
export function contradictions(hour: ReportHour): Contradiction[] {
  return [
    ...goneButPresent(hour),
    ...twoStatuses(hour),
    ...topTopicFading(hour),
    ...textSaysGone(hour),
    ...titleNamesFading(hour),
    ...shiftAgainstNumbers(hour),
    ...anomalyWithoutWarning(hour),
  ];
}
