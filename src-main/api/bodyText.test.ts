// A response body decoded chunk by chunk (http.ts bodyText) is the text `Response.text()` gives:
// characters split across chunks, a leading BOM, bytes that are not UTF-8, an empty body, bodies one after the other
// and at the same time, a body that breaks off.
import { describe, expect, it } from 'vitest';
import { bodyText } from './answerBody.ts';

/** A response whose body arrives in the given chunks. */
function chunked(chunks: readonly number[][], fail?: Error): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new Uint8Array(c));
      if (fail) controller.error(fail);
      else controller.close();
    },
  });
  return new Response(body);
}
const bytes = (s: string): number[] => [...Buffer.from(s, 'utf8')];

describe('bodyText', () => {
  it('joins characters split across chunks', async () => {
    const all = bytes('[{"name":"Bäckerei Müller – Süd 🍞"}]');
    const split = [all.slice(0, 12), all.slice(12, 13), all.slice(13, 33), all.slice(33)];
    expect(await bodyText(chunked(split))).toBe('[{"name":"Bäckerei Müller – Süd 🍞"}]');
  });

  it('drops a leading BOM and replaces bytes that are not UTF-8, as text() does', async () => {
    const raw = [[0xef, 0xbb], [0xbf, 0x61, 0xff, 0x62, 0xe2, 0x82], [0x63]];
    expect(await bodyText(chunked(raw))).toBe('a\uFFFDb\uFFFDc');
    expect(await bodyText(chunked(raw))).toBe(await chunked(raw).text());
  });

  it('reads an empty body and a body-less response', async () => {
    expect(await bodyText(chunked([]))).toBe('');
    expect(await bodyText(new Response(null))).toBe('');
  });

  it('reads bodies one after the other and at the same time, none with bytes of another', async () => {
    const long = 'x'.repeat(200_000) + 'é';
    expect(await bodyText(chunked([bytes(long).slice(0, 70_000), bytes(long).slice(70_000)]))).toBe(long);
    expect(await bodyText(chunked([bytes('[1]')]))).toBe('[1]');
    const [a, b] = await Promise.all([
      bodyText(chunked([bytes('["a",'), bytes('"b"]')])),
      bodyText(chunked([bytes('{"c":'), bytes('3}')])),
    ]);
    expect([a, b]).toEqual(['["a","b"]', '{"c":3}']);
  });

  it('rejects with the stream error when the body breaks off', async () => {
    const cut = new TypeError('terminated');
    await expect(bodyText(chunked([bytes('[1,')], cut))).rejects.toBe(cut);
  });
});
