import { describe, expect, it } from 'vitest';
import { quotedTitle } from './story-label.ts';

describe('quotedTitle', () => {
  it('quotes a title of up to twelve words whole, flattening its quotes and spaces', () => {
    expect(quotedTitle('The Ghost Protocol: Why Half of You Will Vanish by Next Quarter')).toBe(
      '“The Ghost Protocol: Why Half of You Will Vanish by Next Quarter”',
    );
    expect(quotedTitle('Say  "hi"\n now')).toBe("“Say 'hi' now”");
  });

  it('cuts a longer title after twelve words with an ellipsis, and has nothing to quote in an empty one', () => {
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    expect(quotedTitle(long)).toBe('“one two three four five six seven eight nine ten eleven twelve…”');
    expect(quotedTitle('   ')).toBeNull();
  });
});
