import type { APIRoute } from 'astro';
import { discoveryDocument } from '../../core/docs/discovery.ts';
import { jsonFile, paymentTerms, publicContext } from '../lib/public-docs.ts';

/** `GET /discovery`: every endpoint, split free and paid. */
export const GET: APIRoute = () => jsonFile(discoveryDocument(publicContext, paymentTerms));
