// The hidden prompt with a stand-in terminal (the real one was checked by hand in tmux: nothing is echoed).
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { asTerminal, promptHidden, readSecret } from './secretInput.ts';
import type { TerminalInput } from './secretInput.ts';

function fakeTerminal(): { input: TerminalInput & PassThrough; rawModes: boolean[] } {
  const rawModes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true as const,
    setRawMode: (m: boolean) => rawModes.push(m),
  });
  return { input, rawModes };
}

describe('promptHidden', () => {
  it('reads typed characters up to Enter, honours backspace, echoes nothing and restores the terminal', async () => {
    const { input, rawModes } = fakeTerminal();
    let shown = '';
    const answer = promptHidden('token: ', input, { write: (t: string) => (shown += t) });
    input.write('abcX');
    input.write('\u007f');
    input.write('d\r');
    expect(await answer).toBe('abcd');
    expect(shown).toBe('token: \n');
    expect(rawModes).toEqual([true, false]);
  });

  it('cancels on Ctrl-C', async () => {
    const { input } = fakeTerminal();
    const answer = promptHidden('token: ', input, { write: () => undefined });
    input.write('ab\u0003');
    await expect(answer).rejects.toThrow('cancelled at the prompt; nothing was stored');
  });
});

describe('readSecret', () => {
  it('joins the chunks and drops surrounding white space', async () => {
    expect(await readSecret(Readable.from(['  tok', 'en-1\r\n']))).toBe('token-1');
  });

  it('refuses more than 64 KiB', async () => {
    await expect(readSecret(Readable.from([Buffer.alloc(70_000, 'a')]))).rejects.toThrow(
      'that is not a token',
    );
  });

  it('tells a terminal from a pipe', () => {
    expect(asTerminal(Readable.from([]))).toBeNull();
    expect(asTerminal(fakeTerminal().input)).not.toBeNull();
  });
});
