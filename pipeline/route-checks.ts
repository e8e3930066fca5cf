import type { z } from 'zod';
import { ROUTES, type RouteSpec, routeFiles, routePath } from '../core/routes.ts';
import { CatalogResponse } from '../core/schemas/catalog.ts';
import { ChangelogResponse } from '../core/schemas/changelog.ts';
import { BriefResponse, IndexResponse, LatestResponse, SampleResponse } from '../core/schemas/envelope.ts';
import {
  AgentCard,
  DiscoveryDocument,
  openApiDocument,
  SetupGuideJson,
  X402Manifest,
  X402Resources,
} from './document-schemas.ts';

/** Routes only the edge answers (computed per request); the static build has no file for them. */
export const EDGE_ONLY_ROUTES: ReadonlySet<string> = new Set(['health']);

/** What a route's body must be. */
export type BodyCheck =
  | { readonly kind: 'json'; readonly schema: z.ZodType }
  | { readonly kind: 'text'; readonly startsWith: string };

/** One request of the soundness check and what its answer must be. */
export interface RouteCheck {
  readonly routeId: string;
  /** URL path requested from the served build. */
  readonly path: string;
  /** Media type the answer must carry (parameters such as charset aside). */
  readonly contentType: string;
  readonly body: BodyCheck;
  /**
   * Routes the build emits only when digests exist (`digests`) or when one is old enough to be the
   * sample (`sample`); null for routes that always exist.
   */
  readonly dependsOn: 'digests' | 'sample' | null;
}

/** An answer of the served build. */
export interface RouteAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

function bodyChecks(platform: string): Record<string, BodyCheck> {
  const json = (schema: z.ZodType): BodyCheck => ({ kind: 'json', schema });
  const text = (startsWith: string): BodyCheck => ({ kind: 'text', startsWith });
  return {
    'setup-guide': text('# '),
    changelog: json(ChangelogResponse),
    catalog: json(CatalogResponse),
    sample: json(SampleResponse),
    latest: json(LatestResponse),
    brief: json(BriefResponse),
    index: json(IndexResponse),
    discovery: json(DiscoveryDocument),
    openapi: json(openApiDocument(platform)),
    llms: text('# '),
    'llms-full': text('# '),
    'x402-manifest': json(X402Manifest),
    'x402-resources': json(X402Resources),
    'agent-card': json(AgentCard),
    terms: text(''),
  };
}

/** The body of a route's negotiated representation (its declared file of the `negotiates` type). */
const NEGOTIATED_BODIES: Readonly<Partial<Record<string, BodyCheck>>> = {
  'setup-guide': { kind: 'json', schema: SetupGuideJson },
};

const DEPENDS: Readonly<Record<string, RouteCheck['dependsOn']>> = {
  latest: 'digests',
  brief: 'digests',
  index: 'digests',
  sample: 'sample',
};

/**
 * The soundness check's requests: every free GET route of the table except the edge-only ones, at
 * its path for `platform`, and the file of each negotiated representation it declares (the setup
 * guide's JSON beside its markdown). Throws when a route has no check, so a new route cannot go
 * unchecked.
 */
export function routeChecks(platform: string): RouteCheck[] {
  const bodies = bodyChecks(platform);
  const routes: readonly RouteSpec[] = ROUTES.filter(
    (r) => r.method === 'GET' && r.access === 'free' && !EDGE_ONLY_ROUTES.has(r.id),
  );
  return routes.flatMap((r): RouteCheck[] => {
    const body = bodies[r.id];
    if (!body) throw new Error(`no soundness check for route ${r.id}: add one in pipeline/route-checks.ts`);
    const dependsOn = DEPENDS[r.id] ?? null;
    const own = { routeId: r.id, path: routePath(r, platform), contentType: r.contentType, body, dependsOn };
    const negotiated = routeFiles(r, platform).filter((f) => f.contentType === r.negotiates);
    return [
      own,
      ...negotiated.map((f) => ({
        ...own,
        path: f.path,
        contentType: f.contentType,
        body: NEGOTIATED_BODIES[r.id] ?? body,
      })),
    ];
  });
}

/**
 * Problems of one answer: status other than 200, a different media type, a body that is not valid
 * JSON or fails the schema, or text that is empty or starts wrong. Returns the parsed JSON too.
 */
export function checkAnswer(check: RouteCheck, answer: RouteAnswer): { problems: string[]; json?: unknown } {
  const where = `GET ${check.path}`;
  if (answer.status !== 200) return { problems: [`${where}: status ${answer.status}, expected 200`] };
  const problems: string[] = [];
  const type = answer.contentType.split(';')[0]?.trim().toLowerCase();
  if (type !== check.contentType)
    problems.push(`${where}: Content-Type ${answer.contentType || '(none)'}, expected ${check.contentType}`);
  if (check.body.kind === 'text') {
    if (answer.body.trim() === '') problems.push(`${where}: empty body`);
    else if (!answer.body.startsWith(check.body.startsWith))
      problems.push(`${where}: body does not start with ${JSON.stringify(check.body.startsWith)}`);
    return { problems };
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch (error) {
    return { problems: [...problems, `${where}: not JSON (${(error as Error).message})`] };
  }
  const parsed = check.body.schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 4)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    problems.push(`${where}: does not match its schema (${issues})`);
  }
  return { problems, json };
}
