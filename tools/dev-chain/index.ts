/**
 * A real local EVM chain for payments: Hardhat 3's EDR engine with chain id 8453, a USDC-like
 * EIP-3009 token at Base's USDC address and Multicall3 at its canonical address, served over HTTP
 * JSON-RPC. LOCAL TEST NETWORK — not Base mainnet; every key is a publicly known test key.
 */

export { type DevAccount, type DevAccountRole, testAccount, testPrivateKey } from './accounts.ts';
export {
  BASE_CHAIN_ID,
  BASE_USDC_ADDRESS,
  MULTICALL3_ADDRESS,
  USDC_DECIMALS,
  USDC_EIP712_DOMAIN,
} from './addresses.ts';
export { type DevChain, type DevChainOptions, startDevChain } from './start.ts';
export { transferWithAuthorizationTypes, usdcAbi } from './usdc-abi.ts';
