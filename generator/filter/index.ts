/** The quality filter: turns an hour's scraped posts into the digest's quality posts. */
export { DROP_REASONS, type DropReason, type FilterResult, filterPosts } from './filter.ts';
export { DEFAULT_FILTER_OPTIONS, type FilterOptions } from './options.ts';
