import type { APIRoute } from 'astro';
import { setupGuideJson } from '../../core/docs/setup-guide.ts';
import { jsonFile, paymentTerms, publicContext } from '../lib/public-docs.ts';

/** The `/api` setup guide as JSON, for requests whose `Accept` asks for JSON (the edge picks the file). */
export const GET: APIRoute = () => jsonFile(setupGuideJson(publicContext, paymentTerms));
