// The model card of the advisor model this build serves, as JSON (`/advisor/model-card.json`).
import { modelCardJson } from '../../../core/advisor/model-card.ts';
import { loadServedModel } from '../../lib/advisor-model.ts';

export async function GET(): Promise<Response> {
  const { artifact } = await loadServedModel();
  return new Response(modelCardJson(artifact), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
