import { type Address, type Hex, keccak256, toBytes } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

/**
 * A dev-chain account. TEST-ONLY: every key here is derived from a public string and therefore
 * publicly known; never send real funds to these addresses on any real network.
 */
export interface DevAccount {
  /** What the account is for on the dev chain. */
  role: DevAccountRole;
  address: Address;
  privateKey: Hex;
}

/** Roles of the dev chain's accounts. */
export type DevAccountRole = 'deployer' | 'facilitator' | 'payTo' | 'refund' | 'payer';

/**
 * The TEST-ONLY private key of a role (and index, for payers): keccak256 of a fixed label, so the
 * same accounts exist on every run and in every process.
 */
export function testPrivateKey(role: DevAccountRole, index = 0): Hex {
  return keccak256(toBytes(`murmur dev-chain TEST-ONLY key: ${role} ${index}`));
}

/** The TEST-ONLY account of a role (and index, for payers). */
export function testAccount(role: DevAccountRole, index = 0): DevAccount {
  const privateKey = testPrivateKey(role, index);
  return { role, address: privateKeyToAddress(privateKey), privateKey };
}
