/** Documents of the public API, all derived from the route table: pure functions of the context. */
export { agentCard } from './agent-card.ts';
export { catalogResponse } from './catalog.ts';
export { changelogResponse } from './changelog.ts';
export { discoveryDocument } from './discovery.ts';
export { componentSchemas } from './json-schemas.ts';
export { llmsFullTxt, llmsTxt } from './llms.ts';
export {
  DEFAULT_SIBLINGS,
  DEPRECATED_PATHS,
  MOVED_PREFIXES,
  type MovedPathAnswer,
  RETIRED_PREFIXES,
  resolveMovedPath,
  type SiblingBaseUrls,
} from './moved-routes.ts';
export { openApiDocument, operationId } from './openapi.ts';
export { setupGuideJson, setupGuideMarkdown, setupGuideSections } from './setup-guide.ts';
export { STATUS_CODES } from './status-codes.ts';
export { termsTxt } from './terms.ts';
export { paidRoutes, x402Manifest, x402Resources } from './x402.ts';
