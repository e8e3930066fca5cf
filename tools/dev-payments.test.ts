import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEdgeConfig } from '../edge/config.ts';
import { apiKeyStore } from '../edge/keys/store.ts';
import { localState } from '../edge/state/local-state.ts';
import { startDevPayments, wantsDevPayments } from './dev-payments.ts';

describe('wantsDevPayments', () => {
  it('is true only when no payment variable is set', () => {
    expect(wantsDevPayments(loadEdgeConfig({}))).toBe(true);
    expect(wantsDevPayments(loadEdgeConfig({ EVM_RPC_URL: 'http://127.0.0.1:1' }))).toBe(false);
    expect(
      wantsDevPayments(
        loadEdgeConfig({
          PAY_TO: '0x1111111111111111111111111111111111111111',
          FACILITATOR_URL: 'https://facilitator.example',
        }),
      ),
    ).toBe(false);
  });
});

describe('startDevPayments', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('gives the edge a valid embedded-facilitator configuration, a funded wallet and a working test key', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'murmur-devpay-'));
    dirs.push(stateDir);
    await writeFile(join(stateDir, 'keep.txt'), 'operator state outside dev-chain/');
    const payments = await startDevPayments(stateDir);
    try {
      const cfg = loadEdgeConfig(payments.env);
      expect(cfg.PAY_TO).toBe(payments.chain.payTo.address);
      expect(cfg.STATE_DIR).toBe(join(stateDir, 'dev-chain'));
      const payer = payments.chain.payers[0];
      expect(payer).toBeDefined();
      expect(await payments.chain.balanceOf(payer?.address ?? '0x')).toBe(10_000_000n);
      const banner = payments.banner('http://localhost:9', 'forum');
      expect(banner).toContain('LOCAL TEST NETWORK');
      expect(banner).toContain(
        `PAYER_PRIVATE_KEY=${payer?.privateKey} npm run pay -- 'http://localhost:9/api/forum/digests?hours=1'`,
      );
      const key = /x-api-key: (mk_[0-9a-f]+)/.exec(banner)?.[1];
      const state = await localState(join(stateDir, 'dev-chain'));
      expect(await apiKeyStore(state).verify(key ?? '')).toBeDefined();
      await state.close();
      expect(await readFile(join(stateDir, 'keep.txt'), 'utf8')).toContain('operator state');
    } finally {
      await payments.close();
    }
  });
});
