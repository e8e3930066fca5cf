import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredKey } from '../keys/key.ts';
import type { Logger } from '../logger.ts';
import type { SettlementRecord } from '../paid/settlement-log.ts';
import type { RefundRecord } from '../refunds/order.ts';
import { type ImportRows, type SqliteState, sqliteState } from './sqlite-state.ts';

/** The instance's state database under STATE_DIR. */
export const STATE_FILE = 'state.db';

/** An earlier version's state file under STATE_DIR and how its content becomes rows. */
interface LegacySource {
  readonly name: string;
  read(path: string): Promise<ImportRows>;
}

/**
 * Files of versions before the state database: `api-keys.json` (`{"version":1,"keys":[…]}`),
 * `settlements.jsonl` (one record a line; a torn last line, left by a crash mid-append, is skipped)
 * and the refund queue's folder `refunds` (one `orders/<id>.json` per order, written atomically, so
 * never torn; the folder is renamed whole, its lock and temp files with it).
 */
const LEGACY_SOURCES: readonly LegacySource[] = [
  {
    name: 'api-keys.json',
    async read(path) {
      const data = JSON.parse(await readFile(path, 'utf8')) as { keys?: unknown };
      if (!Array.isArray(data.keys)) throw new Error(`${path}: not a key file (expected {"keys":[…]})`);
      return { keys: data.keys as StoredKey[] };
    },
  },
  {
    name: 'settlements.jsonl',
    async read(path) {
      const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line.trim() !== '');
      const settlements = lines.flatMap((line, i): SettlementRecord[] => {
        try {
          return [JSON.parse(line) as SettlementRecord];
        } catch (error) {
          if (i === lines.length - 1) return [];
          throw new Error(`line ${i + 1}: ${(error as Error).message}`);
        }
      });
      return { settlements };
    },
  },
  {
    name: 'refunds',
    async read(path) {
      const orders = join(path, 'orders');
      const names = (await readdir(orders)).filter((n) => n.endsWith('.json')).sort();
      const refunds: RefundRecord[] = [];
      for (const name of names) {
        try {
          refunds.push(JSON.parse(await readFile(join(orders, name), 'utf8')) as RefundRecord);
        } catch (error) {
          throw new Error(`${name}: ${(error as Error).message}`);
        }
      }
      return { refunds };
    },
  },
];

/**
 * Opens the instance's SQLite state (`STATE_DIR/state.db`) and imports what an earlier version left
 * in STATE_DIR as files, each in one transaction, then renames the file to `<name>.imported` so it is
 * read once (a crash between the two only repeats the rename). A file that cannot be read stops
 * start-up with its path, and is left untouched.
 */
export async function localState(stateDir: string, logger?: Logger): Promise<SqliteState> {
  const state = sqliteState(join(stateDir, STATE_FILE));
  try {
    for (const source of LEGACY_SOURCES) {
      const path = join(stateDir, source.name);
      let rows: ImportRows;
      try {
        rows = await source.read(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw new Error(`cannot import ${path} into ${STATE_FILE}: ${(error as Error).message}`);
      }
      const added = state.importRows(source.name, rows);
      await rename(path, `${path}.imported`);
      logger?.info(added ? 'state imported into the state database' : 'state already imported', {
        from: path,
        into: state.where,
        keys: rows.keys?.length ?? 0,
        refunds: rows.refunds?.length ?? 0,
        settlements: rows.settlements?.length ?? 0,
      });
    }
    return state;
  } catch (error) {
    await state.close();
    throw error;
  }
}
