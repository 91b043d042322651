// Paging headers: X-More-Available decides, the Link's offset wins, relative links resolve against the request.
import { describe, expect, it } from 'vitest';
import { nextLink, nextPage } from './paging.ts';

const headers = (h: Record<string, string>): Headers => new Headers(h);

describe('v2 paging', () => {
  it('finds rel=next among several links, quoted or not', () => {
    expect(nextLink('<https://a/x?offset=1>; rel="prev", <https://a/x?offset=20>; rel="next"')).toBe(
      'https://a/x?offset=20',
    );
    expect(nextLink('<https://a/x?offset=20>; rel=next')).toBe('https://a/x?offset=20');
    expect(nextLink('</v2/x?offset=5>; rel="next last"', 'http://127.0.0.1:9/v2/x?offset=0')).toBe(
      'http://127.0.0.1:9/v2/x?offset=5',
    );
    expect(nextLink('<https://a/x>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });

  it('stops when X-More-Available is false, whatever the page size', () => {
    expect(nextPage(headers({ 'X-More-Available': 'false' }), 0, 10, 10)).toBeNull();
  });

  it('takes the offset from the Link, else offset + limit', () => {
    expect(
      nextPage(
        headers({ 'X-More-Available': 'true', Link: '<https://a/x?offset=30&limit=10>; rel="next"' }),
        20,
        10,
        10,
      ),
    ).toEqual({ url: 'https://a/x?offset=30&limit=10', offset: 30 });
    expect(nextPage(headers({ 'X-More-Available': 'true' }), 20, 10, 10)).toEqual({ url: null, offset: 30 });
  });

  it('without the header, a full page means there may be more', () => {
    expect(nextPage(headers({}), 0, 10, 10)).toEqual({ url: null, offset: 10 });
    expect(nextPage(headers({}), 0, 10, 9)).toBeNull();
  });
});
