import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServer, createJsonRpcBridge, type Eip1193Requester, listen } from './json-rpc-bridge.ts';

const provider: Eip1193Requester = {
  async request({ method, params }) {
    if (method === 'echo') return params;
    if (method === 'revert')
      throw Object.assign(new Error('execution reverted: nope'), { code: 3, data: '0x08c379a0' });
    if (method === 'nested') {
      throw Object.assign(new Error('tx failed'), {
        code: -32003,
        data: { data: '0xdead', transactionHash: '0x01' },
      });
    }
    if (method === 'plain') throw new Error('boom');
    if (method === 'nothing') return undefined;
    throw Object.assign(new Error(`Method ${method} is not supported`), { code: -32601 });
  },
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map(closeServer));
});

async function start(): Promise<string> {
  const server = createJsonRpcBridge(provider);
  servers.push(server);
  const port = await listen(server, 0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return res.json();
}

describe('createJsonRpcBridge', () => {
  it('answers single and batch requests', async () => {
    const url = await start();
    expect(await post(url, { jsonrpc: '2.0', id: 1, method: 'echo', params: [1, 'a'] })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [1, 'a'],
    });
    expect(
      await post(url, [
        { jsonrpc: '2.0', id: 'a', method: 'echo' },
        { jsonrpc: '2.0', id: 'b', method: 'nothing' },
      ]),
    ).toEqual([
      { jsonrpc: '2.0', id: 'a', result: [] },
      { jsonrpc: '2.0', id: 'b', result: null },
    ]);
  });

  it('maps errors as Hardhat node does', async () => {
    const url = await start();
    const error = async (method: string) =>
      ((await post(url, { jsonrpc: '2.0', id: 7, method })) as { error: unknown }).error;
    expect(await error('revert')).toEqual({
      code: 3,
      message: 'execution reverted: nope',
      data: '0x08c379a0',
    });
    expect(await error('nested')).toEqual({
      code: -32003,
      message: 'tx failed',
      data: { message: 'tx failed', txHash: '0x01', data: '0xdead' },
    });
    expect(await error('plain')).toMatchObject({ code: -32603, message: 'boom' });
    expect(await error('unknown_method')).toMatchObject({ code: -32601 });
  });

  it('rejects malformed input', async () => {
    const url = await start();
    expect(await post(url, '{nope')).toMatchObject({ id: null, error: { code: -32700 } });
    expect(await post(url, 42)).toMatchObject({ error: { code: -32600 } });
    expect(await post(url, { id: 1 })).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(await post(url, { id: 1, method: 'echo', params: 'x' })).toMatchObject({
      error: { code: -32602 },
    });
    const get = await fetch(url);
    expect(get.status).toBe(405);
  });

  it('rejects listening on a port in use instead of crashing', async () => {
    const url = await start();
    const other = createJsonRpcBridge(provider);
    await expect(listen(other, Number(new URL(url).port), '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
  });
});
