// Option parsing: declared flags only, values checked, messages name the flag.
import { describe, expect, it } from 'vitest';
import { UsageError, parseOptions, type OptionSpec } from './args.ts';

const specs: OptionSpec[] = [
  { name: 'port', type: 'integer', description: 'port', min: 0, max: 65535, default: 0 },
  { name: 'size', type: 'string', description: 'size', choices: ['tiny', 'small'] },
  { name: 'base-url', type: 'string', description: 'url' },
  { name: 'no-open', type: 'boolean', description: 'do not open' },
];

describe('parseOptions', () => {
  it('reads both spellings and keeps defaults', () => {
    expect(parseOptions(['--port', '8080', '--size=tiny', '--no-open'], specs)).toEqual({
      port: 8080,
      size: 'tiny',
      'no-open': true,
    });
    expect(parseOptions([], specs)).toEqual({ port: 0 });
  });

  it.each([
    [['--colour', 'red'], "unknown option '--colour'"],
    [['--port', 'eighty'], "option '--port' takes a whole number, not 'eighty'"],
    [['--port', '70000'], "option '--port' must be at most 65535, not 70000"],
    [['--size', 'huge'], "option '--size' must be one of tiny, small, not 'huge'"],
    [['--base-url'], "option '--base-url' needs a value"],
    [['--base-url', '--port', '1'], "option '--base-url' needs a value"],
    [['stray'], "unexpected argument 'stray'"],
    [['--no-open=maybe'], "option '--no-open' takes true or false, not 'maybe'"],
  ])('refuses %j with a message naming it', (argv, message) => {
    expect(() => parseOptions(argv, specs)).toThrow(UsageError);
    expect(() => parseOptions(argv, specs)).toThrow(message);
  });
});
