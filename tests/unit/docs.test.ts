import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Relative links of a Markdown file, without their #anchors. */
const linksOf = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((link) => !/^[a-z]+:/.test(link) && !link.startsWith('#'))
    .map((link) => link.split('#')[0] ?? '');

describe('the README is the front door', () => {
  it('is at most 150 lines, shows the two commands, and every document it points to exists', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('```sh\nnpm test\n```');
    const links = linksOf(readme);
    expect(links).toEqual(expect.arrayContaining(['docs/production.md', 'docs/benchmark.md', 'docs/architecture.md']));
    for (const link of links) expect(existsSync(path.join(ROOT, link)), link).toBe(true);
  });

  it("the documents' own links lead somewhere, and the production guide covers what taking a shop live needs", () => {
    for (const doc of ['production', 'configuration', 'architecture', 'testing', 'benchmark', 'catalogue', 'team']) {
      const file = `docs/${doc}.md`;
      for (const link of linksOf(read(file))) {
        expect(existsSync(path.join(ROOT, 'docs', link)), `${file} → ${link}`).toBe(true);
      }
    }
    const guide = read('docs/production.md');
    for (const topic of [
      'systemd',
      'nginx',
      'Caddy',
      'TRUST_PROXY',
      'PUBLIC_URL',
      'sqld',
      'Where the data lives',
      'Backups',
      'Upgrades, and going back',
      '/api/ready',
      '/metrics',
    ]) {
      expect(guide, topic).toContain(topic);
    }
  });
});

describe('the documents name what exists', () => {
  it('every backticked repository path in the README and docs/ exists (a git-ignored output aside)', () => {
    const ignoredOutputs = new Set(['bench/results.json']);
    const missing: string[] = [];
    for (const file of ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((name) => `docs/${name}`)]) {
      if (!file.endsWith('.md')) continue;
      for (const [, named] of read(file).matchAll(
        /`((?:server|src|tests|bench|docs|examples|sw|public|\.ci)\/[^`\s]*)`/g,
      )) {
        const repoPath = (named ?? '').split(':')[0]?.replace(/[/.,]+$/, '') ?? '';
        if (/[*{]/.test(repoPath) || ignoredOutputs.has(repoPath)) continue;
        if (!existsSync(path.join(ROOT, repoPath))) missing.push(`${file}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
