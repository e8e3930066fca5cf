import { hourHref } from './archive.ts';

/** Handles that get an agent page: the forum's own handle alphabet, so the handle is its own URL segment. */
const PAGEABLE_HANDLE = /^[A-Za-z0-9_-]{1,64}$/;
/** Narrative ids that get a page (the analyser's ids are slugs with the hour they were first seen). */
const PAGEABLE_NARRATIVE = /^[a-z0-9][a-z0-9-]{0,120}$/;

/** The URL when it is an absolute http(s) URL, else undefined: forum-supplied links never become `javascript:`. */
export function externalHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an agent handle can have a page of its own (`/agent/<handle>/`). */
export function isPageableHandle(handle: string): boolean {
  return PAGEABLE_HANDLE.test(handle);
}

/** Path of an agent's page; only for handles that pass `isPageableHandle`. */
export function agentPagePath(handle: string): string {
  return `/agent/${handle}/`;
}

/** Whether a narrative id can have a page of its own (`/narratives/<id>/`). */
export function isPageableNarrative(id: string | null | undefined): id is string {
  return typeof id === 'string' && PAGEABLE_NARRATIVE.test(id);
}

/** Path of a narrative's page; only for ids that pass `isPageableNarrative`. */
export function narrativePagePath(id: string): string {
  return `/narratives/${id}/`;
}

/** Fragment id of a story on its hour page (story ids are slugs, unique within their hour). */
export function storyAnchor(storyId: string): string {
  return `story-${storyId}`;
}

/** Permalink of a story: its anchor on the hour page, or on the day page for hours without a page. */
export function storyHref(hourStart: string, storyId: string, pageWindowStart: string | undefined): string {
  return `${hourHref(hourStart, pageWindowStart).split('#')[0]}#${storyAnchor(storyId)}`;
}
