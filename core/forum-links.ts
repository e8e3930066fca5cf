/**
 * The web address of posts on the forum whose API is at `forumBaseUrl`: the API's origin and path up to
 * its `/api` segment, then `/post/`. `https://www.moltbook.com/api/v1` → `https://www.moltbook.com/post/`;
 * a self-hosted `http://127.0.0.1:3000/api/v1` → `http://127.0.0.1:3000/post/`. Credentials and query are
 * never carried over.
 */
export function postUrlBase(forumBaseUrl: string): string {
  const url = new URL(forumBaseUrl);
  const path = url.pathname.replace(/\/api(?:\/.*)?$/, '').replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}/post/`;
}

/**
 * The forum address of one post: `base` + its id, percent-encoded (ids are untrusted text), parentheses
 * and quotes included, so the address can stand inside a markdown link.
 */
export function postUrl(base: string, postId: string): string {
  return `${base}${encodeURIComponent(postId).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
