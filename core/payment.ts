/** The x402 terms every paid route is sold under (contract: Authentication; field notes §3). */
export interface PaymentTerms {
  /** CAIP-2 network id, e.g. `eip155:8453` (Base mainnet). */
  readonly network: `eip155:${number}`;
  /** ERC-20 contract address of the asset (USDC). */
  readonly asset: `0x${string}`;
  /** Address that receives the payments. */
  readonly payTo: `0x${string}`;
  /** EIP-712 domain name of the asset, sent as `extra.name`. */
  readonly assetName: string;
  /** EIP-712 domain version of the asset, sent as `extra.version`. */
  readonly assetVersion: string;
  /** Decimals of the asset: amounts are integers in 10^-decimals units. */
  readonly decimals: number;
  /** How long a signed authorization stays valid, in seconds. */
  readonly maxTimeoutSeconds: number;
}

/** USDC on Base mainnet (chain 8453), with the EIP-712 domain its contract uses. */
export const BASE_MAINNET_USDC = {
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  assetName: 'USD Coin',
  assetVersion: '2',
  decimals: 6,
  maxTimeoutSeconds: 60,
} as const satisfies Omit<PaymentTerms, 'payTo'>;

/**
 * PLACEHOLDER payee used until payment configuration exists: the zero address. USDC refuses
 * transfers to it, so a payment signed against the demo terms can never move funds anywhere.
 */
export const DEMO_PAY_TO = '0x0000000000000000000000000000000000000000' as const satisfies `0x${string}`;

/** The demo terms: USDC on Base mainnet paid to the placeholder payee. */
export const DEMO_PAYMENT_TERMS: PaymentTerms = { ...BASE_MAINNET_USDC, payTo: DEMO_PAY_TO };

/** Whether terms still use the placeholder payee (documents say so; the edge must not take payments). */
export function isDemoPayee(terms: Pick<PaymentTerms, 'payTo'>): boolean {
  return terms.payTo.toLowerCase() === DEMO_PAY_TO;
}

/**
 * A decimal price (`'0.02'`) as an integer amount of atomic units (`'20000'` at 6 decimals), with
 * exact string arithmetic. Throws when the price is not a plain non-negative decimal or has more
 * fractional digits than the asset can represent.
 */
export function atomicAmount(priceUsd: string, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new Error(`decimals must be a whole number ≥ 0, got ${decimals}`);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(priceUsd.trim());
  if (!m) throw new Error(`price must be a plain decimal such as "0.02", got "${priceUsd}"`);
  const [, whole = '0', fraction = ''] = m;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) {
    throw new Error(`price "${priceUsd}" has more than ${decimals} fractional digits`);
  }
  const units = `${whole}${significant.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  return units;
}

/** Display form of a USD price: `$0.02`. */
export function formatUsd(priceUsd: string): string {
  return `$${priceUsd}`;
}

/**
 * The x402 v2 HTTP headers, named once: the 402's challenge, the client's payment (and its legacy
 * name, accepted the same way), and the receipt of a settled payment.
 */
export const X402_HEADERS = {
  challenge: 'PAYMENT-REQUIRED',
  payment: 'PAYMENT-SIGNATURE',
  legacyPayment: 'X-PAYMENT',
  receipt: 'PAYMENT-RESPONSE',
} as const;

/** The headers a client may send its payment in, preferred first. */
export const PAYMENT_HEADERS = [X402_HEADERS.payment, X402_HEADERS.legacyPayment] as const;
