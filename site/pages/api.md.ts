import type { APIRoute } from 'astro';
import { setupGuideMarkdown } from '../../core/docs/setup-guide.ts';
import { paymentTerms, publicContext, textFile } from '../lib/public-docs.ts';

/** The `/api` setup guide in markdown, emitted as `/api.md` (`/api/` is a folder); hosts map `/api` to it. */
export const GET: APIRoute = () => textFile(setupGuideMarkdown(publicContext, paymentTerms), 'text/markdown');
