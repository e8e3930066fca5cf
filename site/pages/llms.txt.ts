import type { APIRoute } from 'astro';
import { llmsTxt } from '../../core/docs/llms.ts';
import { publicContext, textFile } from '../lib/public-docs.ts';

/** `GET /llms.txt`. */
export const GET: APIRoute = () => textFile(llmsTxt(publicContext), 'text/plain');
