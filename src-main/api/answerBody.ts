// Reading an answer's body: as text decoded as it arrives, or as bytes gathered in kept buffers for a reader of
// its own (http.ts getJson's `readBytes`).

const utf8 = new TextDecoder();

/** Bytes gathered whole, as `text()` decodes them (UTF-8, a leading BOM dropped, bad bytes replaced). */
export function decodeBody(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/**
 * A response's body as text, decoded chunk by chunk as it arrives (UTF-8, a leading BOM dropped, bad bytes replaced,
 * as `text()` does). `text()` keeps every chunk until the body ends and then copies them into one buffer: a sync's
 * pages of 2.5 MB outlived the sync thread's young-generation collections that way and stayed, off the JS heap, until
 * a full one (up to ~40 MB of its RSS, issue 24); here a chunk is garbage once decoded, and the text is on the JS heap
 * only. It costs the sync thread ~5 % more CPU than `text()`; gathering the chunks in a kept buffer instead (the same
 * work as `text()`) kept only half of the gain (docs/BENCHMARKS.md, 2026-11-28).
 */
export async function bodyText(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return res.text();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * The buffers answers offered to a `readBytes` are gathered in: kept and reused (a page of button feedbacks is
 * ~2.5 MB; made anew per page, such buffers outlive the young generation's collections and hold RSS until a full
 * one, see bodyText), at most two (a page being read and the next one's prefetch).
 */
export function bodyBuffers() {
  const kept: Uint8Array[] = [];
  const take = (size: number): Uint8Array => {
    const k = kept.findIndex((buffer) => buffer.length >= size);
    if (k >= 0) return kept.splice(k, 1)[0] as Uint8Array;
    // An eighth more than asked: the next page is a few bytes longer as often as not.
    return new Uint8Array(Math.max(Math.ceil(size * 1.125), 256 * 1024));
  };
  const give = (buffer: Uint8Array): void => {
    kept.push(buffer);
    if (kept.length > 2) kept.sort((a, b) => b.length - a.length).pop(); // the smallest goes
  };
  return {
    /** The body's bytes in a kept buffer, and how to give it back once they are read. */
    async read(res: Response): Promise<{ bytes: Uint8Array; release: () => void }> {
      const length = Number(res.headers.get('content-length') ?? Number.NaN);
      // The length the answer announces sizes the buffer (up to 64 MB: a larger one grows as the bytes come).
      let buffer = take(Number.isSafeInteger(length) && length > 0 ? Math.min(length, 64 * 1024 * 1024) : 0);
      let used = 0;
      const reader = res.body?.getReader();
      try {
        for (;;) {
          const chunk = reader ? await reader.read() : null;
          if (!chunk || chunk.done) break;
          if (used + chunk.value.length > buffer.length) {
            const larger = take(Math.max(2 * buffer.length, used + chunk.value.length));
            larger.set(buffer.subarray(0, used));
            give(buffer);
            buffer = larger;
          }
          buffer.set(chunk.value, used);
          used += chunk.value.length;
        }
      } catch (error) {
        give(buffer);
        throw error;
      }
      const kept = buffer;
      return { bytes: buffer.subarray(0, used), release: () => give(kept) };
    },
  };
}
