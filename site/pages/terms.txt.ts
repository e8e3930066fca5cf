import type { APIRoute } from 'astro';
import { termsTxt } from '../../core/docs/terms.ts';
import { publicContext, textFile } from '../lib/public-docs.ts';

/** `GET /terms.txt`. */
export const GET: APIRoute = () => textFile(termsTxt(publicContext), 'text/plain');
