import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import type { SupportedResponse } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { paymentMiddleware, x402ResourceServer } from '@x402/hono';
import { Hono } from 'hono';
import { createWalletClient, http, publicActions } from 'viem';
import { nonceManager, privateKeyToAccount } from 'viem/accounts';
import type { DevChain } from '../start.ts';

/**
 * The x402 exact-scheme facilitator in process, settling on the dev chain with its `facilitator`
 * key. One key settling concurrently collides on nonces unless viem's `nonceManager` hands them
 * out and submissions are serialised, so settlements run one at a time.
 */
export function inProcessFacilitator(chain: DevChain): FacilitatorClient {
  const account = privateKeyToAccount(chain.facilitator.privateKey, { nonceManager });
  const wallet = createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) }).extend(
    publicActions,
  );
  const facilitator = new x402Facilitator();
  registerExactEvmScheme(facilitator, {
    // Spelled out: passing the viem client itself fails to type-check with viem 2.57 (its
    // verifyTypedData parameters became a union); at run time the client works as is.
    signer: toFacilitatorEvmSigner({
      address: account.address,
      getCode: (args) => wallet.getCode(args),
      readContract: (args) => wallet.readContract(args as Parameters<typeof wallet.readContract>[0]),
      verifyTypedData: (args) => wallet.verifyTypedData(args as Parameters<typeof wallet.verifyTypedData>[0]),
      writeContract: (args) => wallet.writeContract(args as Parameters<typeof wallet.writeContract>[0]),
      sendTransaction: (args) => wallet.sendTransaction(args),
      waitForTransactionReceipt: (args) => wallet.waitForTransactionReceipt(args),
    }),
    networks: 'eip155:8453',
  });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => {
      const run = queue.then(() => facilitator.settle(payload, requirements));
      queue = run.catch(() => undefined);
      return run;
    },
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}

/** A running paid test app. */
export interface PaidApp {
  /** Base URL on loopback, e.g. `http://127.0.0.1:40123`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a tiny Hono app on loopback with @x402/hono's `paymentMiddleware` and production settings
 * ('$0.02' on eip155:8453, so USDC at the Base address with domain "USD Coin"/"2"), paying
 * `chain.payTo`: `GET /paid` answers `{"ok":true}`, `POST /paid` echoes its JSON body and the
 * `x-test` header. Test fixture only; the service's paid routes live in edge/.
 */
export async function startPaidApp(chain: DevChain): Promise<PaidApp> {
  const resourceServer = new x402ResourceServer(inProcessFacilitator(chain)).register(
    'eip155:8453',
    new ExactEvmScheme(),
  );
  const accepts = {
    scheme: 'exact',
    price: '$0.02',
    network: 'eip155:8453',
    payTo: chain.payTo.address,
  } as const;
  const app = new Hono();
  app.use(
    paymentMiddleware(
      {
        'GET /paid': { accepts, description: 'A paid test route', mimeType: 'application/json' },
        'POST /paid': { accepts, description: 'A paid test route (POST)', mimeType: 'application/json' },
      },
      resourceServer,
    ),
  );
  app.get('/paid', (c) => c.json({ ok: true }));
  app.post('/paid', async (c) =>
    c.json({ echo: await c.req.json(), header: c.req.header('x-test') ?? null }),
  );
  app.get('/free', (c) => c.json({ free: true }));
  app.get('/missing', (c) => c.json({ error: 'not found' }, 404));

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
