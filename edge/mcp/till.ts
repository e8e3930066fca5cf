import type { HTTPAdapter } from '@x402/core/http';
import { encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { toolResourceUrl } from '../../core/mcp/tools.ts';
import { X402_HEADERS } from '../../core/payment.ts';
import { type RouteDef, routePath } from '../../core/routes.ts';
import { type EdgeContext, requestHeader } from '../env.ts';
import { hungUp, onHangUp } from '../hang-up.ts';
import type { Till } from '../paid/sale.ts';
import { X402_META } from './results.ts';

/** A value that cannot be read as a payment (not base64 JSON): the sale refuses it `invalid_payment_header`. */
const UNREADABLE = '!';

/**
 * The payment of a tool call, `_meta["x402/payment"]` (x402's MCP transport: a `PaymentPayload`
 * object), as the sale reads payments: base64 JSON, as in `PAYMENT-SIGNATURE`. A string is taken as
 * that already; anything else that is there is unreadable; undefined when there is none.
 */
export function toolPayment(meta: Record<string, unknown> | undefined): string | undefined {
  const payment = meta?.[X402_META.payment];
  if (payment === undefined || payment === null) return undefined;
  if (typeof payment === 'string') return payment.trim() === '' ? undefined : payment;
  if (typeof payment !== 'object' || Array.isArray(payment)) return UNREADABLE;
  try {
    return encodePaymentSignatureHeader(payment as PaymentPayload);
  } catch {
    return UNREADABLE;
  }
}

/**
 * The till of a paid tool call: its payment, and the call as x402's HTTP server sees it, at the path
 * and method of the REST route it mirrors, so it is matched, verified and settled against that
 * route's very terms (one `accepts`, one set of extensions). Hang-ups are the MCP HTTP request's.
 */
export function toolTill(
  c: EdgeContext,
  route: RouteDef,
  platform: string,
  tool: string,
  payment: string | undefined,
): Till {
  const path = routePath(route, platform);
  const paymentName = X402_HEADERS.payment.toLowerCase();
  const adapter: HTTPAdapter = {
    getHeader: (name) =>
      name.toLowerCase() === paymentName ? payment : requestHeader(c, name.toLowerCase()),
    getMethod: () => route.method,
    getPath: () => path,
    getUrl: () => toolResourceUrl(tool),
    getAcceptHeader: () => 'application/json',
    getUserAgent: () => requestHeader(c, 'user-agent') ?? '',
  };
  const request = {
    adapter,
    path,
    method: route.method,
    ...(payment === undefined ? {} : { paymentHeader: payment }),
  };
  return { payment, request, hungUp: () => hungUp(c), onHangUp: (then) => onHangUp(c, then) };
}
