interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  const out: MediaRange[] = [];
  for (const part of header.split(',').slice(0, 32)) {
    const [range = '', ...params] = part.split(';');
    const [type = '', subtype = ''] = range.trim().toLowerCase().split('/');
    if (type === '' || subtype === '') continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim().toLowerCase() === 'q') {
        const n = Number(v?.trim());
        q = Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
      }
    }
    out.push({ type, subtype, q });
  }
  return out;
}

/** The quality the Accept ranges give `type/subtype`: the most specific matching range wins (RFC 9110 §12.5.1). */
function qualityOf(ranges: readonly MediaRange[], type: string, subtype: string): number {
  let best = -1;
  let q = 0;
  for (const r of ranges) {
    const specificity =
      r.type === type && r.subtype === subtype
        ? 2
        : r.type === type && r.subtype === '*'
          ? 1
          : r.type === '*'
            ? 0
            : -1;
    if (specificity > best) {
      best = specificity;
      q = r.q;
    }
  }
  return q;
}

/**
 * Whether the `Accept` header prefers JSON over markdown (the `/api` setup guide is markdown by
 * default; JSON only when JSON is ranked strictly higher).
 */
export function prefersJson(accept: string | undefined | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  return qualityOf(ranges, 'application', 'json') > qualityOf(ranges, 'text', 'markdown');
}

/** Whether the `Accept` header ranks HTML strictly above JSON (a browser asking for a page). */
export function prefersHtml(accept: string | undefined | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  return qualityOf(ranges, 'text', 'html') > qualityOf(ranges, 'application', 'json');
}
