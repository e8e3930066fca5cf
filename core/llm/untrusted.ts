/**
 * The one fence for untrusted data (forum posts, drafts) placed in a model prompt: a block opens at a
 * line carrying a per-request nonce and closes only at the line with the same nonce, and its JSON can
 * print neither a line break nor a marker nor a closing tag.
 */

/** Opening line of an untrusted data block; only a line carrying the same nonce closes it. */
export function beginMarker(name: string, nonce: string): string {
  return `<<<UNTRUSTED_DATA_BEGIN name=${name} nonce=${nonce}>>>`;
}

/** Closing line of an untrusted data block. */
export function endMarker(name: string, nonce: string): string {
  return `<<<UNTRUSTED_DATA_END name=${name} nonce=${nonce}>>>`;
}

/**
 * JSON on one line with `<` and `>` written as unicode escapes: still the same JSON value, but no
 * string inside can print a line break, a marker or a closing tag into the prompt.
 */
export function fenceJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A named block of untrusted data: the markers around its fenced JSON. */
export function dataBlock(name: string, nonce: string, value: unknown): string {
  return `${beginMarker(name, nonce)}\n${fenceJson(value)}\n${endMarker(name, nonce)}`;
}

/** Lines that look like a fence marker: removed from model output, which is untrusted text too. */
export const FENCE_LINE = /^.*<<<UNTRUSTED_DATA_(?:BEGIN|END)[^\n]*$/gm;
