import type { StateStore } from '../state/state.ts';
import { type ApiKeyStore, idOf, infoOf, issueKey, keyId, keyMatches, looksLikeKey } from './key.ts';

/**
 * Free-tier keys kept as rows of a state store (SQLite for one instance, Redis for several): only the
 * hash and id of a key are stored. Every read goes to the store, so a key issued or revoked by
 * `npm run keys` takes effect in a running server at its next request. `close` leaves the state
 * open: whoever opened it closes it.
 */
export function apiKeyStore(state: StateStore): ApiKeyStore {
  return {
    async issue(label) {
      for (;;) {
        const { stored, key } = issueKey(label, new Date());
        if (await state.insertKey(stored)) return { id: stored.id, key };
      }
    },

    async revoke(idOrKey) {
      const text = idOrKey.trim();
      const id = idOf(text);
      if (looksLikeKey(text)) {
        const stored = await state.getKey(id);
        if (!stored || !keyMatches(stored, text)) return false;
      }
      return state.revokeKey(id, new Date().toISOString());
    },

    async list() {
      return (await state.listKeys()).map(infoOf);
    },

    async verify(key) {
      if (!looksLikeKey(key)) return undefined;
      const stored = await state.getKey(keyId(key));
      if (!stored || stored.revokedAt !== undefined || !keyMatches(stored, key)) return undefined;
      return { id: stored.id };
    },

    async close() {},
  };
}
