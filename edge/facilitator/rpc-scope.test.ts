import { describe, expect, it } from 'vitest';
import { quietGetCode, RpcUnavailableError, withRpcScope } from './rpc-scope.ts';

const down = quietGetCode(async (_args: { address: string }): Promise<string> => {
  throw new Error('HTTP request failed. URL: http://127.0.0.1:9/key');
});
const up = quietGetCode(async (_args: { address: string }) => '0x6080');

describe('RPC reads inside a facilitator call', () => {
  it('a failed read never rejects; it reads as no code', async () => {
    await expect(down({ address: '0x1' })).resolves.toBeUndefined();
  });

  it('a call that failed after a failed read is an outage, not a refusal', async () => {
    const call = withRpcScope(
      async () => ({ isValid: (await down({ address: '0x1' })) !== undefined }),
      (r) => r.isValid,
    );
    await expect(call).rejects.toBeInstanceOf(RpcUnavailableError);
    await expect(call).rejects.toThrow(/RPC could not be read: HTTP request failed/);
  });

  it('a call that succeeded stands, and one with no failed read keeps its own answer', async () => {
    await expect(
      withRpcScope(
        async () => {
          await down({ address: '0x1' });
          return { success: true };
        },
        (r) => r.success,
      ),
    ).resolves.toEqual({ success: true });
    await expect(
      withRpcScope(
        async () => ({ isValid: (await up({ address: '0x1' })) === 'nope' }),
        (r) => r.isValid,
      ),
    ).resolves.toEqual({ isValid: false });
  });

  it('a read the call abandoned is noted in its own scope only', async () => {
    let abandoned: Promise<unknown> | undefined;
    const first = withRpcScope(
      async () => {
        abandoned = down({ address: '0x1' });
        return { isValid: false };
      },
      (r) => r.isValid,
    );
    const second = withRpcScope(
      async () => ({ isValid: false }),
      (r) => r.isValid,
    );
    await expect(second).resolves.toEqual({ isValid: false });
    await first.catch(() => undefined);
    await expect(abandoned).resolves.toBeUndefined();
  });
});
