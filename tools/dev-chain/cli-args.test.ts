import { describe, expect, it } from 'vitest';
import { parseChainDevArgs } from './cli-args.ts';

describe('parseChainDevArgs', () => {
  it('applies defaults and reads every flag', () => {
    expect(parseChainDevArgs([])).toEqual({ kind: 'run', port: 8545, host: '127.0.0.1', payers: 3 });
    expect(parseChainDevArgs(['--port', '0', '--host', '0.0.0.0', '--payers', '5'])).toEqual({
      kind: 'run',
      port: 0,
      host: '0.0.0.0',
      payers: 5,
    });
    expect(parseChainDevArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--port', 'eighty'], /--port must be a whole number from 0 to 65535, got "eighty"/],
    [['--port', '65536'], /--port must be a whole number from 0 to 65535, got "65536"/],
    [['--payers', '-1'], /--payers/],
    [['--host', ' '], /--host must not be empty/],
    [['--bogus'], /bogus/],
    [['extra'], /extra/],
  ])('rejects %j naming the bad input', (argv, message) => {
    const parsed = parseChainDevArgs(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });
});
