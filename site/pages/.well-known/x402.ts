import type { APIRoute } from 'astro';
import { x402Manifest } from '../../../core/docs/x402.ts';
import { jsonFile, paymentTerms, publicContext } from '../../lib/public-docs.ts';

/** `GET /.well-known/x402`: the payment manifest. */
export const GET: APIRoute = () => jsonFile(x402Manifest(publicContext, paymentTerms));
