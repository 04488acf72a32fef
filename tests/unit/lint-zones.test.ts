import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The zones the linter keeps (docs/architecture.md), probed (issue 63): each forbidden import below
 * is written into a scratch copy of the repository's layout with its .biome.jsonc, and `biome lint`
 * must refuse exactly those and let the allowed ones pass. Five of fourteen forbidden probes passed
 * the old configuration (a feature importing a route or another feature's file through
 * ../../features/, src/lib importing the server, a domain module importing routes, the mail queue
 * importing services).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

const FORBIDDEN: [file: string, from: string][] = [
  ['src/features/cart/probe-a.ts', '../catalogue/components/card'],
  ['src/features/cart/components/probe-b.tsx', '../../catalogue/use-price-text'],
  ['src/features/cart/probe-c.ts', '../../routes/checkout'],
  ['src/features/cart/probe-d.ts', '../../features/catalogue/display-product'],
  ['src/features/cart/components/probe-e.tsx', '../../../routes/-components/site-header'],
  ['src/routes/probe-f.tsx', '../features/cart/components/cart-lines'],
  ['src/lib/probe-g.ts', '../features/cart'],
  ['src/lib/probe-h.ts', '../../server/app'],
  ['src/components/probe-i.tsx', '../routes/index'],
  ['sw/probe-j.ts', '../src/features/cart'],
  ['server/probe-k.ts', '../src/features/cart'],
  ['server/db/probe-l.ts', '../services/orders'],
  ['server/booking/probe-m.ts', '../routes/bookings'],
  ['server/mail/probe-n.ts', '../services/order-emails'],
  ['server/services/probe-o.ts', '../money/ledger'],
];
const ALLOWED: [file: string, from: string][] = [
  ['src/features/cart/probe-p.ts', '../catalogue'],
  ['src/features/cart/components/probe-q.tsx', '../../catalogue'],
  ['src/routes/probe-r.tsx', '../features/cart'],
  ['src/lib/probe-s.ts', './api-contract/money'],
  ['server/probe-t.ts', './routes/bookings'],
  ['server/services/probe-u.ts', '../money'],
  ['server/booking/probe-v.ts', './events'],
  ['server/money/probe-w.ts', '../orders'],
];

const scratch = mkdtempSync(path.join(tmpdir(), 'lint-zones-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the lint zones', () => {
  it('refuse every forbidden import and pass the allowed ones', () => {
    // Biome reads the ignore file of a git checkout (vcs.useIgnoreFile): the scratch copy is one.
    execFileSync('git', ['init', '-q', scratch]);
    copyFileSync(path.join(ROOT, '.biome.jsonc'), path.join(scratch, '.biome.jsonc'));
    for (const [file, from] of [...FORBIDDEN, ...ALLOWED]) {
      mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(scratch, file), `import { probe } from '${from}';\n\nexport const used = probe;\n`);
    }
    const run = spawnSync(BIOME, ['lint', '--max-diagnostics=100', ...[...FORBIDDEN, ...ALLOWED].map(([f]) => f)], {
      cwd: scratch,
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    const refused = new Set(
      [...output.matchAll(/^(\S+):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((match) => match[1]),
    );
    expect(
      FORBIDDEN.map(([file]) => file).filter((file) => !refused.has(file)),
      'forbidden imports the linter let through',
    ).toEqual([]);
    expect(
      ALLOWED.map(([file]) => file).filter((file) => refused.has(file)),
      'allowed imports the linter refused',
    ).toEqual([]);
  });
});
