import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ContractCompiler, compileDevChainContracts, solcCompile } from './compile.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('compileDevChainContracts', () => {
  it('compiles with solc once, then reads the cached artifact', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'murmur-dev-chain-'));
    dirs.push(dir);
    let compiles = 0;
    const counted: ContractCompiler = (sources) => {
      compiles++;
      return solcCompile(sources);
    };
    const first = await compileDevChainContracts(dir, counted);
    expect(compiles).toBe(1);
    expect(first.usdCoin.runtimeCode).toMatch(/^0x[0-9a-f]{1000,}$/);
    expect(first.multicall3.runtimeCode).toMatch(/^0x[0-9a-f]{500,}$/);
    const names = first.usdCoin.abi.flatMap((item) => (item.type === 'function' ? [item.name] : []));
    expect(names).toEqual(
      expect.arrayContaining([
        'transferWithAuthorization',
        'receiveWithAuthorization',
        'authorizationState',
        'mint',
      ]),
    );
    expect(await readdir(dir)).toHaveLength(1);

    const second = await compileDevChainContracts(dir, counted);
    expect(compiles).toBe(1);
    expect(second).toEqual(first);
  }, 60_000);
});
