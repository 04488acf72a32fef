import { describe, expect, it } from 'vitest';
import { resolveDatabaseUrl } from '../../server/db/client';

describe('resolveDatabaseUrl', () => {
  it('passes libSQL server URLs through', () => {
    for (const url of [
      'libsql://db.example.turso.io',
      'http://127.0.0.1:8081',
      'https://db.example',
      'wss://db.example',
    ]) {
      expect(resolveDatabaseUrl(url)).toBe(url);
    }
  });

  it('turns a path into a file URL', () => {
    expect(resolveDatabaseUrl('/tmp/storefront-x/app.db')).toBe('file:/tmp/storefront-x/app.db');
    expect(resolveDatabaseUrl('file:/tmp/storefront-x/app.db')).toBe('file:/tmp/storefront-x/app.db');
  });
});
