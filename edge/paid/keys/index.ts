/**
 * Free-tier API keys (`x-api-key`, an alternative to payment on the advisor): stores that keep only
 * SHA-256 hashes (a JSON file or Redis), and a per-key daily quota in the rate-limit store.
 * `npm run keys` (tools/keys.ts) issues, revokes and lists keys.
 */
export { diskKeyStore } from './disk-store.ts';
export { type ApiKeyStore, KEY_PREFIX, type KeyInfo, keyId, looksLikeKey } from './key.ts';
export { type KeyQuota, type KeyQuotaOptions, keyQuota, type QuotaAnswer } from './quota.ts';
export { type RedisKeyStoreOptions, redisKeyStore } from './redis-store.ts';
