// Reading a secret from standard input: piped (scripts) or typed at a terminal without echo.

/** A terminal input stream, as far as the hidden prompt needs one. */
export interface TerminalInput extends NodeJS.ReadableStream {
  isTTY: true;
  setRawMode(mode: boolean): unknown;
}

export function asTerminal(stream: NodeJS.ReadableStream): TerminalInput | null {
  const s = stream as Partial<TerminalInput>;
  return s.isTTY === true && typeof s.setRawMode === 'function' ? (stream as TerminalInput) : null;
}

/** Longer than any token; stops a mistaken `< big-file` from being read into memory whole. */
const maxSecretBytes = 64 * 1024;

/** Reads the whole stream as one secret; surrounding whitespace (the trailing newline of `echo`) is dropped. */
export async function readSecret(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    size += buffer.length;
    if (size > maxSecretBytes)
      throw new Error(`standard input holds more than ${maxSecretBytes} bytes: that is not a token`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** Asks for a secret at the terminal without echoing it; Ctrl-C cancels. */
export function promptHidden(
  prompt: string,
  input: TerminalInput,
  output: { write(text: string): unknown },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error): void => {
      input.removeListener('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value.trim());
    };
    const onData = (chunk: string | Buffer): void => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish();
        if (ch === '\u0003') return finish(new Error('cancelled at the prompt; nothing was stored'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    output.write(prompt);
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}
