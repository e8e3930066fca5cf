import type { APIRoute } from 'astro';
import { x402Resources } from '../../../core/docs/x402.ts';
import { jsonFile, paymentTerms, publicContext } from '../../lib/public-docs.ts';

/** `GET /.well-known/x402-resources.json`: the paid resources and their payment requirements. */
export const GET: APIRoute = () => jsonFile(x402Resources(publicContext, paymentTerms));
