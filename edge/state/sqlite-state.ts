import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { StoredKey } from '../keys/key.ts';
import type { SettlementRecord } from '../paid/settlement-log.ts';
import { byQueuedAt, type RefundRecord } from '../refunds/order.ts';
import type { StateStore } from './state.ts';

/** The schema; `user_version` says which one a file holds. */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, row TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS quotas (
  name TEXT NOT NULL, client TEXT NOT NULL, start INTEGER NOT NULL,
  reset_at INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (name, client, start));
CREATE INDEX IF NOT EXISTS quotas_reset ON quotas (reset_at);
CREATE TABLE IF NOT EXISTS refunds (
  id TEXT PRIMARY KEY, state TEXT NOT NULL, queued_at TEXT NOT NULL, row TEXT NOT NULL,
  lock_owner TEXT, lock_expires INTEGER);
CREATE INDEX IF NOT EXISTS refunds_state ON refunds (state);
CREATE TABLE IF NOT EXISTS settlements (seq INTEGER PRIMARY KEY AUTOINCREMENT, row TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS imports (source TEXT PRIMARY KEY, at TEXT NOT NULL);
PRAGMA user_version = 1;`;

/** Options of the SQLite state. */
export interface SqliteStateOptions {
  /** Clock of the locks (ms since epoch); tests pass their own. */
  now?: () => number;
}

/** Rows read from an earlier version's files, to import in one transaction. */
export interface ImportRows {
  readonly keys?: readonly StoredKey[];
  readonly refunds?: readonly RefundRecord[];
  readonly settlements?: readonly SettlementRecord[];
}

/** The SQLite state plus what only the local file does: importing an earlier version's files. */
export interface SqliteState extends StateStore {
  /**
   * Adds `rows` and records `source` as imported, in one transaction; rows already present (same key
   * or refund id) are kept as they are. Answers false, adding nothing, when `source` was imported
   * before (so a crash between the import and the renaming of its file never imports it twice).
   */
  importRows(source: string, rows: ImportRows): boolean;
}

/** The edge's state in one SQLite file (`node:sqlite`) for a single instance (README.md). */
export function sqliteState(file: string, opts: SqliteStateOptions = {}): SqliteState {
  const now = opts.now ?? Date.now;
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600)); // created owner-only; SQLite gives its journal the same mode
  }
  const db = new DatabaseSync(file);
  // A second process on the file (`npm run keys` beside the server) waits up to 5 s for a writer.
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  db.exec(SCHEMA);

  const q = {
    insertKey: db.prepare('INSERT OR IGNORE INTO api_keys (id, created_at, row) VALUES (?, ?, ?)'),
    getKey: db.prepare('SELECT row FROM api_keys WHERE id = ?'),
    listKeys: db.prepare('SELECT row FROM api_keys ORDER BY created_at, id'),
    setKey: db.prepare('UPDATE api_keys SET row = ? WHERE id = ?'),
    sweepQuotas: db.prepare('DELETE FROM quotas WHERE reset_at <= ?'),
    takeQuota: db.prepare(
      `INSERT INTO quotas (name, client, start, reset_at, count) VALUES (?, ?, ?, ?, 1)
       ON CONFLICT (name, client, start) DO UPDATE SET count = count + 1 RETURNING count`,
    ),
    releaseQuota: db.prepare(
      'UPDATE quotas SET count = count - 1 WHERE name = ? AND client = ? AND start = ? AND count > 0 AND reset_at > ?',
    ),
    insertRefund: db.prepare('INSERT OR IGNORE INTO refunds (id, state, queued_at, row) VALUES (?, ?, ?, ?)'),
    getRefund: db.prepare('SELECT row FROM refunds WHERE id = ?'),
    listRefunds: db.prepare('SELECT row FROM refunds ORDER BY queued_at, id'),
    lockRefund: db.prepare(
      `UPDATE refunds SET lock_owner = ?, lock_expires = ?
       WHERE id = ? AND (lock_owner IS NULL OR lock_expires <= ?)`,
    ),
    saveRefund: db.prepare(
      `UPDATE refunds SET row = ?, state = ?, lock_expires = ?
       WHERE id = ? AND lock_owner = ? AND lock_expires > ?`,
    ),
    deleteRefund: db.prepare('DELETE FROM refunds WHERE id = ? AND lock_owner = ? AND lock_expires > ?'),
    unlockRefund: db.prepare(
      'UPDATE refunds SET lock_owner = NULL, lock_expires = NULL WHERE id = ? AND lock_owner = ?',
    ),
    appendSettlement: db.prepare('INSERT INTO settlements (row) VALUES (?)'),
    listSettlements: db.prepare('SELECT row FROM settlements ORDER BY seq'),
    imported: db.prepare('SELECT 1 AS yes FROM imports WHERE source = ?'),
    markImported: db.prepare('INSERT OR REPLACE INTO imports (source, at) VALUES (?, ?)'),
  };
  const rowOf = <T>(found: Record<string, SQLInputValue> | undefined): T | undefined =>
    found === undefined ? undefined : (JSON.parse(String(found.row)) as T);
  const rowsOf = <T>(found: Array<Record<string, SQLInputValue>>): T[] =>
    found.map((r) => JSON.parse(String(r.row)) as T);
  const changed = (result: { changes: number | bigint }) => Number(result.changes) > 0;

  const transaction = <T>(work: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };

  return {
    where: file,
    ready: () => db.isOpen,
    importRows(source, rows) {
      return transaction(() => {
        if (q.imported.get(source) !== undefined) return false;
        for (const k of rows.keys ?? []) q.insertKey.run(k.id, k.createdAt, JSON.stringify(k));
        for (const r of rows.refunds ?? []) q.insertRefund.run(r.id, r.state, r.queuedAt, JSON.stringify(r));
        for (const r of rows.settlements ?? []) q.appendSettlement.run(JSON.stringify(r));
        q.markImported.run(source, new Date(now()).toISOString());
        return true;
      });
    },

    async insertKey(key) {
      return changed(q.insertKey.run(key.id, key.createdAt, JSON.stringify(key)));
    },
    async getKey(id) {
      return rowOf<StoredKey>(q.getKey.get(id));
    },
    async listKeys() {
      return rowsOf<StoredKey>(q.listKeys.all());
    },
    async revokeKey(id, at) {
      return transaction(() => {
        const key = rowOf<StoredKey>(q.getKey.get(id));
        if (!key) return false;
        if (key.revokedAt === undefined) q.setKey.run(JSON.stringify({ ...key, revokedAt: at }), id);
        return true;
      });
    },

    async takeQuota(w, at) {
      return transaction(() => {
        q.sweepQuotas.run(at);
        const row = q.takeQuota.get(w.name, w.client, w.start, w.resetAt);
        return Number(row?.count);
      });
    },
    async releaseQuota(w, at) {
      return changed(q.releaseQuota.run(w.name, w.client, w.start, at));
    },

    async insertRefund(record) {
      return transaction(() => {
        if (changed(q.insertRefund.run(record.id, record.state, record.queuedAt, JSON.stringify(record)))) {
          return undefined;
        }
        return rowOf<RefundRecord>(q.getRefund.get(record.id));
      });
    },
    async getRefund(id) {
      return rowOf<RefundRecord>(q.getRefund.get(id));
    },
    async listRefunds(states) {
      const all = rowsOf<RefundRecord>(q.listRefunds.all());
      return (states ? all.filter((r) => states.includes(r.state)) : all).sort(byQueuedAt);
    },
    async lockRefund(id, owner, ttlMs) {
      const t = now();
      return changed(q.lockRefund.run(owner, t + ttlMs, id, t));
    },
    async saveRefund(id, owner, record, ttlMs) {
      const t = now();
      return changed(q.saveRefund.run(JSON.stringify(record), record.state, t + ttlMs, id, owner, t));
    },
    async deleteRefund(id, owner) {
      return changed(q.deleteRefund.run(id, owner, now()));
    },
    async unlockRefund(id, owner) {
      q.unlockRefund.run(id, owner);
    },

    async appendSettlement(record) {
      q.appendSettlement.run(JSON.stringify(record));
    },
    async listSettlements() {
      return rowsOf<SettlementRecord>(q.listSettlements.all());
    },

    async close() {
      if (db.isOpen) db.close();
    },
  };
}
