import type { APIRoute } from 'astro';
import { llmsFullTxt } from '../../core/docs/llms.ts';
import { paymentTerms, publicContext, textFile } from '../lib/public-docs.ts';

/** `GET /llms-full.txt`. */
export const GET: APIRoute = () => textFile(llmsFullTxt(publicContext, paymentTerms), 'text/plain');
