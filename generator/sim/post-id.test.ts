import { describe, expect, it } from 'vitest';
import { decodePostId, encodePostId } from './post-id.ts';

describe('post ids', () => {
  it('round-trip (hour, index) and reject ids of another seed or made up', () => {
    for (const [hour, index] of [
      [490_000, 0],
      [491_234, 1],
      [491_234, 22_999],
      [1, 16_777_215],
    ] as const) {
      const id = encodePostId(5, hour, index);
      expect(decodePostId(5, id)).toEqual({ hourNumber: hour, index });
      expect(decodePostId(5, id.toUpperCase())).toEqual({ hourNumber: hour, index });
      expect(decodePostId(6, id)).toBeNull();
    }
    expect(decodePostId(5, 'not-a-uuid')).toBeNull();
    expect(decodePostId(5, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('gives neighbouring posts unrelated-looking ids', () => {
    const a = encodePostId(5, 491_234, 10);
    const b = encodePostId(5, 491_234, 11);
    expect(a.slice(0, 13)).not.toBe(b.slice(0, 13));
  });
});
