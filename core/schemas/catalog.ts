import { z } from 'zod';
import { ApiMeta } from './envelope.ts';

/** One product of the family (contract: Family catalog). */
export const CatalogProduct = z
  .object({
    slug: z.string(),
    name: z.string(),
    tagline: z.string(),
    website: z.url(),
    api: z.url(),
    openapi: z.url(),
    llms: z.url(),
    discovery: z.url(),
    payments: z.string(),
    mcp: z.string(),
    clawhubSkill: z.string().nullable(),
    status: z.string(),
    flagship: z.boolean(),
  })
  .strict()
  .describe('One product of the family.');
export type CatalogProduct = z.infer<typeof CatalogProduct>;

/** `GET /.well-known/catalog` → 200. */
export const CatalogResponse = z
  .object({
    success: z.literal(true).optional(),
    _meta: ApiMeta.optional(),
    family: z.string(),
    description: z.string(),
    version: z.int(),
    updatedAt: z.iso.date(),
    canonical: z.url(),
    products: z.array(CatalogProduct),
  })
  .strict()
  .describe('The product family catalog.');
export type CatalogResponse = z.infer<typeof CatalogResponse>;
