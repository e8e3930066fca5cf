import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http } from 'viem';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

function run(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('chain:dev', () => {
  it('prints the RPC URL, token and labelled test accounts, serves, and stops on SIGTERM', async () => {
    const child = run(['--port', '0', '--payers', '2']);
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('Started in')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stdout}`)));
    });
    expect(stdout).toContain('LOCAL TEST NETWORK — not Base mainnet');
    expect(stdout).toContain('USDC         0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
    expect(stdout).toMatch(/payer 1 +0x[0-9a-fA-F]{40} {2}key 0x[0-9a-f]{64}/);
    for (const role of ['deployer', 'facilitator', 'payTo', 'refund']) expect(stdout).toContain(`  ${role} `);
    const rpcUrl = /RPC URL +(http:\/\/\S+)/.exec(stdout)?.[1];
    expect(rpcUrl).toBeDefined();
    const client = createPublicClient({ transport: http(rpcUrl) });
    expect(await client.getChainId()).toBe(8453);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
