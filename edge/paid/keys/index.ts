/**
 * Free-tier API keys (`x-api-key`, an alternative to payment on the advisor): only SHA-256 hashes are
 * kept, as rows of the edge's state store (SQLite or Redis), with a per-key daily quota there too.
 * `npm run keys` (tools/keys.ts) issues, revokes and lists keys.
 */
export { type ApiKeyStore, KEY_PREFIX, type KeyInfo, keyId, looksLikeKey } from './key.ts';
export { type KeyQuota, type KeyQuotaOptions, keyQuota, type QuotaAnswer } from './quota.ts';
export { apiKeyStore } from './store.ts';
