import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { ActivitySnapshotSchema, parseModelArtifact } from '../core/advisor/model.ts';
import { LabelledRow, PostingRow } from '../core/schemas/advisor-rows.ts';
import { Digest } from '../core/schemas/digest.ts';
import { IncompleteMarker } from '../core/schemas/incomplete.ts';
import { HourSignals } from '../core/schemas/signals.ts';

/** A content file that must not be published, and why. */
export interface ContentProblem {
  /** Path relative to the content folder. */
  readonly file: string;
  readonly message: string;
}

/** A digest file that validated, with the path it came from. */
export interface ValidDigest {
  readonly file: string;
  readonly digest: Digest;
}

/** What validating a set of content files found. */
export interface ContentValidation {
  readonly digests: readonly ValidDigest[];
  readonly problems: readonly ContentProblem[];
}

const HOUR_PATH = /^(digests|signals)\/(\d{4})\/(\d{2})\/(\d{2})\/(\d{2})\.(json|md)$/;
/** The marker of an hour published incomplete, beside its digest (generator/content/incomplete.ts). */
const INCOMPLETE_PATH = /^digests\/\d{4}\/\d{2}\/\d{2}\/\d{2}\.incomplete\.json$/;

/** The kinds of file the content folder may hold, each with how it is checked. */
export type ContentKind =
  | 'digest'
  | 'digest-markdown'
  | 'incomplete-marker'
  | 'signals'
  | 'advisor-model'
  | 'advisor-card-json'
  | 'advisor-card-markdown'
  | 'advisor-activity'
  | 'advisor-pending'
  | 'advisor-training'
  | 'note';

/** What a content path holds, from its place in the layout; null for a file the layout has no place for. */
export function contentKind(path: string): ContentKind | null {
  if (INCOMPLETE_PATH.test(path)) return 'incomplete-marker';
  const hour = HOUR_PATH.exec(path);
  if (hour) {
    if (hour[1] === 'signals') return hour[6] === 'json' ? 'signals' : null;
    return hour[6] === 'json' ? 'digest' : 'digest-markdown';
  }
  if (path === 'advisor/model.json') return 'advisor-model';
  if (path === 'advisor/model-card.json') return 'advisor-card-json';
  if (path === 'advisor/model-card.md') return 'advisor-card-markdown';
  if (path === 'advisor/activity.json') return 'advisor-activity';
  if (/^advisor\/pending\/\d{4}-\d{2}-\d{2}T\d{2}\.jsonl$/.test(path)) return 'advisor-pending';
  if (/^advisor\/training\/\d{4}-\d{2}-\d{2}\.jsonl$/.test(path)) return 'advisor-training';
  if (path === 'DEMO.md' || path === '.gitkeep' || path.endsWith('/.gitkeep')) return 'note';
  return null;
}

/** The hour a digest or signals path stands for, as an ISO string. */
function hourOfPath(path: string): string {
  const m = HOUR_PATH.exec(path);
  return m ? `${m[2]}-${m[3]}-${m[4]}T${m[5]}:00:00.000Z` : '';
}

function issuesText(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 4)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON (${(error as Error).message})`);
  }
}

function checkRows(text: string, schema: z.ZodType): void {
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const parsed = schema.safeParse(parseJson(line));
    if (!parsed.success) throw new Error(`line ${i + 1}: ${issuesText(parsed.error.issues)}`);
  });
}

async function checkFile(contentDir: string, path: string, kind: ContentKind): Promise<Digest | undefined> {
  const text = await readFile(join(contentDir, path), 'utf8');
  switch (kind) {
    case 'digest': {
      const parsed = Digest.safeParse(parseJson(text));
      if (!parsed.success) throw new Error(issuesText(parsed.error.issues));
      if (new Date(parsed.data.hourStart).toISOString() !== hourOfPath(path))
        throw new Error(`hourStart ${parsed.data.hourStart} does not match the file's hour`);
      return parsed.data;
    }
    case 'incomplete-marker': {
      const parsed = IncompleteMarker.safeParse(parseJson(text));
      if (!parsed.success) throw new Error(issuesText(parsed.error.issues));
      if (
        new Date(parsed.data.hourStart).toISOString() !==
        hourOfPath(path.replace(/\.incomplete\.json$/, '.json'))
      )
        throw new Error(`hourStart ${parsed.data.hourStart} does not match the file's hour`);
      return undefined;
    }
    case 'signals': {
      const parsed = HourSignals.safeParse(parseJson(text));
      if (!parsed.success) throw new Error(issuesText(parsed.error.issues));
      if (new Date(parsed.data.hourStart).toISOString() !== hourOfPath(path))
        throw new Error(`hourStart ${parsed.data.hourStart} does not match the file's hour`);
      return undefined;
    }
    case 'digest-markdown':
    case 'advisor-card-markdown':
      if (text.trim() === '') throw new Error('empty markdown');
      return undefined;
    case 'advisor-model':
      parseModelArtifact(parseJson(text), 'model');
      return undefined;
    case 'advisor-activity': {
      const parsed = ActivitySnapshotSchema.safeParse(parseJson(text));
      if (!parsed.success) throw new Error(issuesText(parsed.error.issues));
      return undefined;
    }
    case 'advisor-card-json': {
      const value = parseJson(text);
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new Error('not a JSON object');
      return undefined;
    }
    case 'advisor-pending':
      checkRows(text, PostingRow);
      return undefined;
    case 'advisor-training':
      checkRows(text, LabelledRow);
      return undefined;
    case 'note':
      return undefined;
  }
}

/**
 * Validates content files (paths relative to `contentDir`) against the project's schemas: digests
 * (zod `Digest`, hour matching the path), their markdown, signals, and the advisor's model, card and
 * rows. A file the layout has no place for is a problem too: only known content is published.
 */
export async function validateContentFiles(
  contentDir: string,
  paths: readonly string[],
): Promise<ContentValidation> {
  const digests: ValidDigest[] = [];
  const problems: ContentProblem[] = [];
  for (const file of paths) {
    const kind = contentKind(file);
    if (kind === null) {
      problems.push({ file, message: 'not part of the content layout (no schema for it)' });
      continue;
    }
    try {
      const digest = await checkFile(contentDir, file, kind);
      if (digest) digests.push({ file, digest });
    } catch (error) {
      problems.push({ file, message: (error as Error).message });
    }
  }
  const digestFiles = new Set(digests.map((d) => d.file));
  for (const file of paths)
    if (contentKind(file) === 'digest-markdown') {
      const json = file.replace(/\.md$/, '.json');
      if (!digestFiles.has(json) && !paths.includes(json)) {
        // The markdown changed alone: its JSON must still be there and valid.
        try {
          await checkFile(contentDir, json, 'digest');
        } catch (error) {
          problems.push({
            file,
            message: `its digest ${json} is missing or invalid (${(error as Error).message})`,
          });
        }
      }
    }
  return { digests, problems };
}
