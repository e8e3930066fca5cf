import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { payerClient } from '../../core/payer-client.ts';
import type { PayRequest } from './args.ts';

/** Where {@link payRoute} writes, and the fetch it wraps (replaceable in tests). */
export interface PayIo {
  out(line: string): void;
  err(line: string): void;
  fetch?: typeof fetch;
}

/**
 * Requests `request.url`, pays its x402 v2 challenge (exact scheme on an EVM network, signed with
 * the payer's key through @x402/fetch and @x402/evm; x402Client's default cap of $1 per payment
 * applies), and prints the status, the decoded PAYMENT-RESPONSE and the body.
 * Returns the exit code: 0 on 2xx, 1 otherwise (including network and payment errors).
 */
export async function payRoute(request: PayRequest, io: PayIo): Promise<number> {
  const account = privateKeyToAccount(request.privateKey);
  const client = payerClient(request.privateKey, request.rpcUrl?.href);
  const payingFetch = wrapFetchWithPayment(io.fetch ?? fetch, client);

  const headers = new Headers(request.headers);
  if (request.data !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  io.out(`payer ${account.address}`);
  io.out(`${request.method} ${request.url.href}`);

  let response: Response;
  try {
    response = await payingFetch(request.url, {
      method: request.method,
      headers,
      ...(request.data !== undefined ? { body: request.data } : {}),
    });
  } catch (error) {
    io.err(`pay: ${request.method} ${request.url.href} failed: ${describeError(error)}`);
    return 1;
  }

  io.out(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  const paymentResponse =
    response.headers.get('payment-response') ?? response.headers.get('x-payment-response');
  if (paymentResponse) {
    try {
      io.out(`PAYMENT-RESPONSE ${JSON.stringify(decodePaymentResponseHeader(paymentResponse), null, 2)}`);
    } catch (error) {
      io.out(`PAYMENT-RESPONSE (undecodable: ${describeError(error)}) ${paymentResponse}`);
    }
  } else {
    io.out('PAYMENT-RESPONSE (none)');
  }
  const paymentRequired = response.headers.get('payment-required');
  if (response.status === 402 && paymentRequired) {
    io.out(`PAYMENT-REQUIRED error: ${decodeChallengeError(paymentRequired)}`);
  }
  io.out('');
  io.out(await response.text());
  return response.status >= 200 && response.status < 300 ? 0 : 1;
}

function decodeChallengeError(header: string): string {
  try {
    const challenge = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { error?: unknown };
    return typeof challenge.error === 'string' ? challenge.error : '(none given)';
  } catch {
    return '(undecodable PAYMENT-REQUIRED header)';
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
