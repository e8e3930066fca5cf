import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseSignature,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DevAccount,
  type DevChain,
  startDevChain,
  transferWithAuthorizationTypes,
  USDC_EIP712_DOMAIN,
  usdcAbi,
} from './index.ts';

interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

let chain: DevChain;
let publicClient: PublicClient;
let facilitator: WalletClient;

beforeAll(async () => {
  chain = await startDevChain({ payers: 2 });
  publicClient = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl) });
  facilitator = createWalletClient({
    account: privateKeyToAccount(chain.facilitator.privateKey),
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
});
afterAll(() => chain?.close());

function payer(i: number): DevAccount {
  const p = chain.payers[i];
  if (!p) throw new Error(`no payer ${i}`);
  return p;
}

function authorization(from: Address, overrides: Partial<Authorization> = {}): Authorization {
  const now = BigInt(Math.floor(Date.now() / 1000));
  return {
    from,
    to: chain.payTo.address,
    value: 20_000n,
    validAfter: 0n,
    validBefore: now + 300n,
    nonce: generatePrivateKey(), // 32 random bytes
    ...overrides,
  };
}

function sign(privateKey: Hex, message: Authorization): Promise<Hex> {
  return privateKeyToAccount(privateKey).signTypedData({
    domain: { ...USDC_EIP712_DOMAIN, chainId: chain.chainId, verifyingContract: chain.usdc },
    types: transferWithAuthorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message,
  });
}

/** Sends transferWithAuthorization from the facilitator with the v,r,s or the bytes overload. */
async function submit(auth: Authorization, signature: Hex, overload: 'vrs' | 'bytes' = 'vrs'): Promise<void> {
  const base = [auth.from, auth.to, auth.value, auth.validAfter, auth.validBefore, auth.nonce] as const;
  const { v, r, s, yParity } = parseSignature(signature);
  const hash =
    overload === 'vrs'
      ? await facilitator.writeContract({
          account: facilitator.account ?? null,
          chain: chain.chain,
          address: chain.usdc,
          abi: usdcAbi,
          functionName: 'transferWithAuthorization',
          args: [...base, Number(v ?? 27n + BigInt(yParity)), r, s],
        })
      : await facilitator.writeContract({
          account: facilitator.account ?? null,
          chain: chain.chain,
          address: chain.usdc,
          abi: usdcAbi,
          functionName: 'transferWithAuthorization',
          args: [...base, signature],
        });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== 'success') throw new Error(`reverted: ${hash}`);
}

async function balances(...addresses: Address[]): Promise<bigint[]> {
  return Promise.all(addresses.map((a) => chain.balanceOf(a)));
}

describe('UsdCoin transferWithAuthorization (EIP-3009)', () => {
  it.each(['vrs', 'bytes'] as const)(
    'moves the balance with a valid signature (%s overload)',
    async (overload) => {
      const from = payer(0);
      const auth = authorization(from.address);
      const [fromBefore, toBefore] = await balances(from.address, auth.to);
      await submit(auth, await sign(from.privateKey, auth), overload);
      expect(await balances(from.address, auth.to)).toEqual([
        (fromBefore ?? 0n) - 20_000n,
        (toBefore ?? 0n) + 20_000n,
      ]);
      expect(
        await publicClient.readContract({
          address: chain.usdc,
          abi: usdcAbi,
          functionName: 'authorizationState',
          args: [from.address, auth.nonce],
        }),
      ).toBe(true);
    },
  );

  it('rejects a replayed authorization and moves nothing', async () => {
    const from = payer(0);
    const auth = authorization(from.address);
    const signature = await sign(from.privateKey, auth);
    await submit(auth, signature);
    const before = await balances(from.address, auth.to);
    await expect(submit(auth, signature)).rejects.toThrow(/authorization is used or canceled/);
    expect(await balances(from.address, auth.to)).toEqual(before);
  });

  it('rejects an expired authorization and moves nothing', async () => {
    const from = payer(0);
    const auth = authorization(from.address, { validBefore: BigInt(Math.floor(Date.now() / 1000) - 60) });
    const before = await balances(from.address, auth.to);
    await expect(submit(auth, await sign(from.privateKey, auth))).rejects.toThrow(/authorization is expired/);
    expect(await balances(from.address, auth.to)).toEqual(before);
  });

  it('rejects an authorization that is not yet valid', async () => {
    const from = payer(0);
    const auth = authorization(from.address, { validAfter: BigInt(Math.floor(Date.now() / 1000) + 3600) });
    await expect(submit(auth, await sign(from.privateKey, auth))).rejects.toThrow(/not yet valid/);
  });

  it.each(['vrs', 'bytes'] as const)(
    'rejects a bad signature and moves nothing (%s overload)',
    async (overload) => {
      const from = payer(0);
      const auth = authorization(from.address);
      // Signed by someone else, and a signature over a different amount.
      const wrongSigner = await sign(payer(1).privateKey, auth);
      const wrongMessage = await sign(from.privateKey, { ...auth, value: 1n });
      const before = await balances(from.address, payer(1).address, auth.to);
      await expect(submit(auth, wrongSigner, overload)).rejects.toThrow(/invalid signature/);
      await expect(submit(auth, wrongMessage, overload)).rejects.toThrow(/invalid signature/);
      expect(await balances(from.address, payer(1).address, auth.to)).toEqual(before);
    },
  );

  it('rejects a payer without enough USDC and moves nothing', async () => {
    const key = generatePrivateKey();
    const unfunded = privateKeyToAccount(key).address;
    const auth = authorization(unfunded);
    const before = await balances(unfunded, auth.to);
    expect(before[0]).toBe(0n);
    await expect(submit(auth, await sign(key, auth))).rejects.toThrow(/transfer amount exceeds balance/);
    expect(await balances(unfunded, auth.to)).toEqual(before);
  });
});

describe('UsdCoin other EIP-3009 functions and minting', () => {
  it('receiveWithAuthorization only lets the payee submit', async () => {
    const from = payer(1);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const message = {
      from: from.address,
      to: chain.payTo.address,
      value: 1n,
      validAfter: 0n,
      validBefore: now + 300n,
      nonce: generatePrivateKey(),
    };
    const signature = await privateKeyToAccount(from.privateKey).signTypedData({
      domain: { ...USDC_EIP712_DOMAIN, chainId: chain.chainId, verifyingContract: chain.usdc },
      types: {
        ReceiveWithAuthorization: transferWithAuthorizationTypes.TransferWithAuthorization,
      },
      primaryType: 'ReceiveWithAuthorization',
      message,
    });
    const args = [...Object.values(message), signature] as [
      Address,
      Address,
      bigint,
      bigint,
      bigint,
      Hex,
      Hex,
    ];
    await expect(
      facilitator.writeContract({
        account: facilitator.account ?? null,
        chain: chain.chain,
        address: chain.usdc,
        abi: usdcAbi,
        functionName: 'receiveWithAuthorization',
        args,
      }),
    ).rejects.toThrow(/caller must be the payee/);
    const payee = createWalletClient({
      account: privateKeyToAccount(chain.payTo.privateKey),
      chain: chain.chain,
      transport: http(chain.rpcUrl),
    });
    const before = await chain.balanceOf(chain.payTo.address);
    const hash = await payee.writeContract({
      address: chain.usdc,
      abi: usdcAbi,
      functionName: 'receiveWithAuthorization',
      args,
    });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(await chain.balanceOf(chain.payTo.address)).toBe(before + 1n);
  });

  it('cancelAuthorization burns the nonce', async () => {
    const from = payer(1);
    const auth = authorization(from.address);
    const cancelSignature = await privateKeyToAccount(from.privateKey).signTypedData({
      domain: { ...USDC_EIP712_DOMAIN, chainId: chain.chainId, verifyingContract: chain.usdc },
      types: {
        CancelAuthorization: [
          { name: 'authorizer', type: 'address' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'CancelAuthorization',
      message: { authorizer: from.address, nonce: auth.nonce },
    });
    const hash = await facilitator.writeContract({
      account: facilitator.account ?? null,
      chain: chain.chain,
      address: chain.usdc,
      abi: usdcAbi,
      functionName: 'cancelAuthorization',
      args: [from.address, auth.nonce, cancelSignature],
    });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await expect(submit(auth, await sign(from.privateKey, auth))).rejects.toThrow(/used or canceled/);
  });

  it('lets only the deployer mint', async () => {
    await expect(
      facilitator.writeContract({
        account: facilitator.account ?? null,
        chain: chain.chain,
        address: chain.usdc,
        abi: usdcAbi,
        functionName: 'mint',
        args: [chain.facilitator.address, 1n],
      }),
    ).rejects.toThrow(/caller is not a minter/);
    expect(await chain.balanceOf(chain.facilitator.address)).toBe(0n);
  });
});
