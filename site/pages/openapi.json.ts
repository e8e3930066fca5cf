import type { APIRoute } from 'astro';
import { openApiDocument } from '../../core/docs/openapi.ts';
import { jsonFile, paymentTerms, publicContext } from '../lib/public-docs.ts';

/** `GET /openapi.json`: OpenAPI 3.1 of every route. */
export const GET: APIRoute = () => jsonFile(openApiDocument(publicContext, paymentTerms));
