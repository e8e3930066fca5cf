import { extname } from 'node:path';
import { ROUTES, routeFiles } from '../../core/routes.ts';

const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

/** Media types that are text, and so get `charset=utf-8`. */
function isText(type: string): boolean {
  return (
    type.startsWith('text/') || type === 'application/json' || type.endsWith('+json') || type.endsWith('xml')
  );
}

/** Appends the charset to text types. */
export function withCharset(type: string): string {
  return isText(type) ? `${type}; charset=utf-8` : type;
}

/** The files the route table says the site emits (`routeFiles`), path → media type, for one platform segment. */
export function routeFileTypes(platform: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const r of ROUTES) {
    if (r.method !== 'GET' || r.access !== 'free') continue;
    for (const f of routeFiles(r, platform)) types.set(f.path, f.contentType);
  }
  return types;
}

/**
 * The Content-Type of a dist file at URL path `path`: the route table's type for API files, JSON for
 * any other extensionless file under `/api/` or `/.well-known/`, else by extension (binary by default).
 */
export function contentTypeFor(path: string, routeTypes: ReadonlyMap<string, string>): string {
  const fromRoute = routeTypes.get(path);
  if (fromRoute) return withCharset(fromRoute);
  const ext = extname(path).toLowerCase();
  if (ext === '' && (path.startsWith('/api/') || path.startsWith('/.well-known/'))) {
    return withCharset('application/json');
  }
  const byExt = BY_EXTENSION[ext];
  return byExt ? withCharset(byExt) : 'application/octet-stream';
}
