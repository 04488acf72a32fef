import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * Issue 63: every dependency supports the Node the project runs on (`npm ci` warned EBADENGINE for
 * ical-generator 11, which wants Node 22 or 24). Read from the lock file: each package npm installs
 * (an optional one that does not fit is skipped by npm itself) must accept both the oldest Node
 * package.json allows and the Node running this test.
 */
const require = createRequire(import.meta.url);
const semver = require('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

interface LockEntry {
  engines?: { node?: unknown } | string[];
  optional?: boolean;
}

describe("the dependencies' engines", () => {
  it('all accept the Node the project declares and runs', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
    const oldest = semver.minVersion(pkg.engines.node)?.version ?? '';
    expect(oldest).toMatch(/^\d+\.\d+\.\d+$/);
    const refused = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!path || entry.optional || typeof range !== 'string') return [];
      return semver.satisfies(oldest, range) && semver.satisfies(process.version, range) ? [] : [`${path}: ${range}`];
    });
    expect(refused).toEqual([]);
  });

  it('are pinned to one exact version each, the one the lock file installs (one version policy)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const loose = ['dependencies', 'devDependencies'].flatMap((field) =>
      Object.entries(pkg[field] ?? {}).flatMap(([name, version]) =>
        version === lock.packages[`node_modules/${name}`]?.version ? [] : [`${name}: ${version}`],
      ),
    );
    expect(loose).toEqual([]);
  });
});
