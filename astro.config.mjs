// Astro configuration of the static site (site/ → dist/). BASE_URL, PLATFORM_SEGMENT and CONTENT_DIR are
// read by the project's one configuration parser (core/config.ts); see site/README.md.
import { fileURLToPath } from 'node:url';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { loadConfig } from './core/config.ts';
import { precompressDir } from './site/lib/precompress.ts';
import { writeFolderIndexes } from './site/lib/write-folder-indexes.ts';

const config = loadConfig(process.env);

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
      // An index.html in every folder that has none (plain static hosts), then brotli and gzip copies of
      // every text file, made once here and served by the edge by Accept-Encoding.
      name: 'murmur:static-hosts',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          if (!process.env.BASE_URL)
            logger.warn(
              `BASE_URL is not set: absolute links (feed, sitemap, canonical, API _meta) name ${config.baseUrl}`,
            );
          const out = fileURLToPath(dir);
          logger.info(`${await writeFolderIndexes(out)} folder index pages written`);
          const { files, bytes, brotliBytes } = await precompressDir(out);
          logger.info(`${files} files compressed: ${bytes} bytes, ${brotliBytes} with brotli`);
        },
      },
    },
  ],
});
