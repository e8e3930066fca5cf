import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

/** A static host on loopback (used by the browser test and the hourly soundness check) serving a built site the way Netlify or Cloudflare Pages would. */
export interface StaticHost {
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Parses the `Content-Type` lines of a `_headers` file: exact path → type. */
export function parseHeaderTypes(text: string): Map<string, string> {
  const types = new Map<string, string>();
  let path: string | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!/^\s/.test(line)) path = line.trim();
    else {
      const m = /^\s+Content-Type:\s*(.+)$/i.exec(line);
      if (m && path) types.set(path, (m[1] as string).trim());
    }
  }
  return types;
}

/** Parses the 200 rewrites of a `_redirects` file: exact path → target. */
export function parseRewrites(text: string): Map<string, string> {
  const rewrites = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (from && to && status === '200' && !from.startsWith('#')) rewrites.set(from, to);
  }
  return rewrites;
}

async function optionalText(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => '');
}

/**
 * Serves `root` on 127.0.0.1 (port 0): `dir/` → `dir/index.html`, `dir` → 301 to `dir/`, unknown paths →
 * 404 with `404.html`. Content types come from `_headers` (as the supported hosts read it), then from
 * the file extension; extensionless files without a rule get application/octet-stream, as on a plain host.
 */
export async function startStaticHost(root: string): Promise<StaticHost> {
  const headerTypes = parseHeaderTypes(await optionalText(join(root, '_headers')));
  const rewrites = parseRewrites(await optionalText(join(root, '_redirects')));
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let path = decodeURIComponent(url.pathname);
      path = rewrites.get(path) ?? path;
      const file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(400).end();
        return;
      }
      const info = await stat(file).catch(() => undefined);
      if (info?.isDirectory() && !path.endsWith('/')) {
        res.writeHead(301, { Location: `${path}/${url.search}` }).end();
        return;
      }
      const target = info?.isDirectory() ? join(file, 'index.html') : file;
      const body = await readFile(target).catch(() => undefined);
      if (!body) {
        res.writeHead(404, { 'Content-Type': TYPES['.html'] as string });
        res.end(await readFile(join(root, '404.html')).catch(() => 'not found'));
        return;
      }
      const type = headerTypes.get(url.pathname) ?? TYPES[extname(target)] ?? 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
