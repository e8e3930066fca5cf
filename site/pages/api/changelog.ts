import type { APIRoute } from 'astro';
import { changelogResponse } from '../../../core/docs/changelog.ts';
import { jsonFile, publicContext } from '../../lib/public-docs.ts';

/** `GET /api/changelog`: the contract's version history, newest first. */
export const GET: APIRoute = () => jsonFile(changelogResponse(publicContext));
