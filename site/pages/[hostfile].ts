// Host configuration files for Netlify and Cloudflare Pages (`_headers`, `_redirects`). Astro skips page
// files whose names start with `_`, so they come from this dynamic route.
import type { APIRoute, GetStaticPaths } from 'astro';
import { headersFile, redirectsFile } from '../lib/host-files.ts';
import { publicContext, textFile } from '../lib/public-docs.ts';

const FILES = { _headers: headersFile, _redirects: redirectsFile } as const;

export const getStaticPaths = (() =>
  (Object.keys(FILES) as Array<keyof typeof FILES>).map((hostfile) => ({
    params: { hostfile },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  textFile(FILES[params.hostfile as keyof typeof FILES](publicContext.platform), 'text/plain');
