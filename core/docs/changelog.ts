import { API_VERSION } from '../api-version.ts';
import { CHANGELOG } from '../changelog-data.ts';
import type { PublicContext } from '../envelopes/context.ts';
import { apiMeta } from '../envelopes/meta.ts';
import type { ChangelogResponse } from '../schemas/changelog.ts';

/** Orders semver strings `a.b.c` numerically. */
function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** `GET /api/changelog`: the current version and the history, newest first. */
export function changelogResponse(ctx: PublicContext): ChangelogResponse {
  const entries = structuredClone([...CHANGELOG]).sort((a, b) => compareVersions(b.version, a.version));
  return { success: true, _meta: apiMeta(ctx), currentVersion: API_VERSION, entries };
}
