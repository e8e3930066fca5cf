import { describe, expect, it } from 'vitest';
import { clientIp, normaliseIp } from './client-ip.ts';

describe('clientIp', () => {
  const proxies = new Set(['10.0.0.1', '10.0.0.2']);

  it.each([
    ['socket only, no proxies configured', '1.2.3.4', '9.9.9.9', new Set<string>(), '1.2.3.4'],
    ['untrusted socket: forwarded header ignored', '1.2.3.4', '9.9.9.9', proxies, '1.2.3.4'],
    ['trusted proxy: the address it saw', '10.0.0.1', '9.9.9.9', proxies, '9.9.9.9'],
    [
      'chain of trusted proxies: first untrusted from the right',
      '10.0.0.1',
      '6.6.6.6, 9.9.9.9, 10.0.0.2',
      proxies,
      '9.9.9.9',
    ],
    ['client-supplied garbage left of the real entry', '10.0.0.1', 'evil, 9.9.9.9', proxies, '9.9.9.9'],
    [
      'malformed entry from the proxy itself: stay with the proxy',
      '10.0.0.1',
      'not-an-ip',
      proxies,
      '10.0.0.1',
    ],
    ['IPv4-mapped socket address', '::ffff:10.0.0.1', '2001:db8::1', proxies, '2001:db8::1'],
    ['no socket address', undefined, undefined, proxies, 'unknown'],
  ])('%s', (_name, socket, forwarded, trusted, expected) => {
    expect(clientIp(socket, forwarded, trusted)).toBe(expected);
  });

  it('normalises IPv4-mapped addresses only', () => {
    expect(normaliseIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseIp('::1')).toBe('::1');
  });
});
