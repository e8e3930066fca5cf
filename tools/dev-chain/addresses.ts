import type { Address } from 'viem';

/** Base mainnet's chain id, which the dev chain copies so production settings work unchanged. */
export const BASE_CHAIN_ID = 8453;

/** USDC's address on Base mainnet; the dev chain puts its test token here. */
export const BASE_USDC_ADDRESS: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

/** Multicall3's canonical address (the same on every chain). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** The token's EIP-712 domain, as x402 advertises it for USDC on eip155:8453. */
export const USDC_EIP712_DOMAIN = { name: 'USD Coin', version: '2' } as const;

/** USDC's decimals: $0.02 is 20000 units. */
export const USDC_DECIMALS = 6;
