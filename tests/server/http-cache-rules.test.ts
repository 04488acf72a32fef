import { describe, expect, it } from 'vitest';
import { chooseEncoding, etagMatches } from '../../server/cache/http-cache-rules';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*, br;q=0', 'gzip'],
    ['GZIP ; Q=0.5', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=abc', 'identity'],
  ])('%j takes %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('etagMatches', () => {
  const etag = 'W/"abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"xyz", W/"abc"', true],
    ['"xyz"', false],
    ['*', true],
    ['W/"abcd"', false],
  ])('%j against W/"abc" is %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
