import { isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as `1.2.3.4`. */
export function normaliseIp(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * The client address a limit is counted against. The socket's address, unless that is a trusted
 * proxy: then `X-Forwarded-For` is read from the right (each proxy appends the address it saw), and
 * the first address that is not itself a trusted proxy is the client. A malformed entry stops the walk
 * at the last address known to be real, so a client cannot pick its own bucket.
 */
export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: ReadonlySet<string>,
): string {
  let client = socketAddress ? normaliseIp(socketAddress) : 'unknown';
  if (!forwardedFor || trustedProxies.size === 0 || !trustedProxies.has(client)) return client;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0 && i >= hops.length - 32; i--) {
    const hop = normaliseIp(hops[i] ?? '');
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trustedProxies.has(hop)) break;
  }
  return client;
}
