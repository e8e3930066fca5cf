// Astro configuration of the static site (site/ → dist/). BASE_URL (and the rest of the site's variables)
// are read by site/lib/site-config.ts, the site build's configuration; see site/README.md.
import { fileURLToPath } from 'node:url';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { finishBuild } from './site/lib/finish-build.ts';
import { readSiteConfig } from './site/lib/site-config.ts';

const config = readSiteConfig(process.env);

export default defineConfig({
  site: config.baseUrl,
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // The site ships no client JavaScript besides Pagefind's search UI; nothing to prefetch or hydrate.
  devToolbar: { enabled: false },
  integrations: [
    sitemap({ filter: (page) => !page.includes('/search/') }),
    {
      // The rest of the build after the pages (site/lib/finish-build.ts): an index.html in every folder that
      // has none (plain static hosts), the Pagefind search index, then brotli and gzip copies of every text
      // file (Pagefind's scripts and styles included), made once here and served by the edge by
      // Accept-Encoding. `astro build` is thus the whole build.
      name: 'murmur:static-hosts',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          if (!process.env.BASE_URL)
            logger.warn(
              `BASE_URL is not set: absolute links (feed, sitemap, canonical, API _meta) name ${config.baseUrl}`,
            );
          const { folderIndexes, searchedFiles, compressed } = await finishBuild(fileURLToPath(dir));
          logger.info(`${folderIndexes} folder index pages written`);
          logger.info(`search index written (${searchedFiles} HTML files read)`);
          logger.info(
            `${compressed.files} files compressed: ${compressed.bytes} bytes, ${compressed.brotliBytes} with brotli`,
          );
        },
      },
    },
  ],
});
