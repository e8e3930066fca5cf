import type { APIRoute } from 'astro';
import { agentCard } from '../../../core/docs/agent-card.ts';
import { jsonFile, publicContext } from '../../lib/public-docs.ts';

/** `GET /.well-known/agent-card.json`. */
export const GET: APIRoute = () => jsonFile(agentCard(publicContext));
