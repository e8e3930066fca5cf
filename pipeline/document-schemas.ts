// Schemas of the generated documents that core declares as builder functions rather than zod
// schemas. They check the structure clients rely on and that each document covers the route table.
import { z } from 'zod';
import { ROUTES, routePath } from '../core/routes.ts';
import { ApiMeta } from '../core/schemas/envelope.ts';

const freeOrPaidIds = (platformIds: readonly string[], listed: readonly string[]) =>
  platformIds.filter((id) => !listed.includes(id));

const missingMessage = (what: string) => (missing: string[]) => `${what} misses ${missing.join(', ')}`;

/** `/api.json`: the setup guide as JSON. */
export const SetupGuideJson = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    name: z.string().min(1),
    summary: z.string().min(1),
    quickStart: z.record(z.string(), z.url()),
    sections: z.array(z.unknown()).min(1),
  })
  .loose();

const DiscoveryEndpoint = z
  .object({ id: z.string(), method: z.string(), path: z.string(), url: z.url() })
  .loose();

/** `/discovery`: every route of the table, split free and paid. */
export const DiscoveryDocument = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    name: z.string().min(1),
    apiVersion: z.string().min(1),
    baseUrl: z.url(),
    documents: z.record(z.string(), z.url()),
    free: z.array(DiscoveryEndpoint),
    paid: z.array(DiscoveryEndpoint),
  })
  .loose()
  .superRefine((doc, ctx) => {
    const missing = freeOrPaidIds(
      ROUTES.map((r) => r.id),
      [...doc.free, ...doc.paid].map((e) => e.id),
    );
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message: missingMessage('discovery')(missing) });
  });

/** `/openapi.json`: an OpenAPI 3.1 document with a path for every route of the table. */
export function openApiDocument(platform: string) {
  return z
    .object({
      openapi: z.string().regex(/^3\.1\.\d+$/, 'must be OpenAPI 3.1.x'),
      info: z.object({ title: z.string().min(1), version: z.string().min(1) }).loose(),
      paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    })
    .loose()
    .superRefine((doc, ctx) => {
      const missing = ROUTES.map((r) => routePath(r, platform)).filter((p) => !(p in doc.paths));
      if (missing.length > 0) ctx.addIssue({ code: 'custom', message: missingMessage('paths')(missing) });
    });
}

const paidCount = ROUTES.filter((r) => r.access === 'paid').length;

/** `/.well-known/x402`: who is paid, on which network, for every paid route. */
export const X402Manifest = z
  .object({
    x402Version: z.literal(2),
    payment: z.object({ payTo: z.string().min(1), networks: z.array(z.string()).min(1) }).loose(),
    resources: z.array(z.url()).length(paidCount),
  })
  .loose();

/** `/.well-known/x402-resources.json`: each paid route with at least one payment requirement. */
export const X402Resources = z
  .object({
    x402Version: z.literal(2),
    items: z
      .array(
        z
          .object({ resource: z.url(), type: z.literal('http'), accepts: z.array(z.unknown()).min(1) })
          .loose(),
      )
      .length(paidCount),
  })
  .loose();

/** `/.well-known/agent-card.json`: an agent card with one skill per route. */
export const AgentCard = z
  .object({
    name: z.string().min(1),
    url: z.url(),
    version: z.string().min(1),
    skills: z.array(z.object({ id: z.string(), name: z.string() }).loose()),
  })
  .loose()
  .superRefine((card, ctx) => {
    const missing = freeOrPaidIds(
      ROUTES.map((r) => r.id),
      card.skills.map((s) => s.id),
    );
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message: missingMessage('skills')(missing) });
  });
