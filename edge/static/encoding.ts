/** Content codings the build makes copies in, best first. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The best coding of `available` that `Accept-Encoding` allows (RFC 9110 §12.5.3): a coding listed with
 * q > 0, or covered by `*` with q > 0 and not listed with q=0; brotli before gzip. Undefined: send the
 * file as is (identity is always acceptable here, since the edge never refuses it).
 */
export function pickCoding(
  acceptEncoding: string | undefined,
  available: readonly Coding[],
): Coding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*');
  return CODINGS.find((c) => {
    if (!available.includes(c)) return false;
    const own = q.get(c) ?? (c === 'gzip' ? q.get('x-gzip') : undefined);
    return own !== undefined ? own > 0 : star !== undefined && star > 0;
  });
}
