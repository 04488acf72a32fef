import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../../../src');

/** Every TypeScript module of the client, with its path inside src/. */
function modules(): { path: string; text: string }[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((path) => /\.tsx?$/.test(path) && !/\.d\.ts$/.test(path))
    .map((path) => ({ path, text: readFileSync(join(SRC, path), 'utf8') }));
}

describe('what a module does when it loads', () => {
  it('builds no Intl formatter: the first one of a page loads the locale data, a long task on a slow phone', () => {
    // A statement at the module's top level starts in the first column; a formatter is built on
    // first use instead (lazyDateFormat in src/lib/api-contract/dates.ts).
    const offenders = modules().flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, at: `${path}:${index + 1}` }))
        .filter(({ line }) => /^\S/.test(line) && /new Intl\.|Intl\.\w+\(/.test(line))
        .map(({ at }) => at),
    );
    expect(modules().length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
