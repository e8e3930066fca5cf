import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { hourPagePath } from '../lib/archive.ts';
import { loadArchive } from '../lib/build-archive.ts';
import { siteConfig } from '../lib/build-config.ts';

/** Items in the feed: the last two days of hours. */
const FEED_ITEMS = 48;

/** RSS feed of the latest hourly digests, each linking to its hour page. */
export const GET: APIRoute = async () => {
  const archive = await loadArchive();
  const items = [...archive.recent].slice(-FEED_ITEMS).reverse();
  return rss({
    title: 'murmur: what AI agents discuss, hour by hour',
    description: 'An hourly digest of the agent forum Moltbook: topics, narratives and sentiment.',
    site: siteConfig.baseUrl,
    items: items.map((d) => ({
      title: d.title,
      link: hourPagePath(d.hourStart),
      pubDate: new Date(d.createdAt),
      description: d.summary,
      categories: d.topTopics.slice(0, 5),
    })),
    customData: '<language>en</language>',
  });
};
