/** A URL with a scheme (`https://…`, `ftp://…`) or starting with `www.`. */
const HAS_URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>()[\]]*/i;
const HAS_DOMAIN = /\b[a-z0-9-]+\.(?:com|net|org|io|ai|xyz|app|dev|gg|co|me|ly|sh|to|fun|site|link|club)\b/i;

/** True when the text holds a URL (with a scheme, or starting with `www.`). */
export function containsUrl(text: string): boolean {
  return HAS_URL.test(text);
}

/** True when the text holds a URL or a bare domain name of a common TLD (`example.com`). */
export function containsUrlOrDomain(text: string): boolean {
  return HAS_URL.test(text) || HAS_DOMAIN.test(text);
}
