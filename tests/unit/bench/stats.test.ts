import { describe, expect, it } from 'vitest';
import { atLeast, atMost, exactly, figure, formatTable, judge } from '../../../bench/results';
import { frameGaps, median, percentile, summarize } from '../../../bench/stats';

describe('benchmark statistics', () => {
  it('takes the median of odd and even runs, in any order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([16, 17, 183], 95)).toBe(183);
    expect(percentile([], 95)).toBeNaN();
  });

  it('summarises runs and measures frame gaps', () => {
    expect(summarize([5, 1, 9])).toEqual({ median: 5, min: 1, max: 9, runs: [5, 1, 9] });
    expect(frameGaps([0, 16.7, 33.4, 66.8])).toEqual([16.7, 16.7, 33.4].map((g) => expect.closeTo(g, 5)));
  });
});

describe('benchmark results', () => {
  it('judges a figure by its median against its target', () => {
    expect(judge(95, atLeast(95))).toBe(true);
    expect(judge(94, atLeast(95))).toBe(false);
    expect(judge(17, atMost(17))).toBe(true);
    expect(judge(25, exactly(25))).toBe(true);
    expect(judge(24, exactly(25))).toBe(false);
    expect(judge(Number.NaN, atMost(1))).toBe(false);
    expect(judge(3, null)).toBeNull();
  });

  it('keeps every figure as value, unit, target, pass and the raw runs', () => {
    const f = figure('load', 'search: requests/s', 'req/s', [120, 80, 100], atLeast(5000));
    expect(f).toEqual({
      group: 'load',
      name: 'search: requests/s',
      unit: 'req/s',
      value: 100,
      min: 80,
      max: 120,
      runs: [120, 80, 100],
      target: { op: '>=', value: 5000 },
      pass: false,
    });
    expect(JSON.parse(JSON.stringify(f))).toEqual(f);
  });

  it('prints one table row per figure with its verdict', () => {
    const table = formatTable([
      figure('search', 'suggestions', 'ms', [560], atMost(600)),
      figure('moodboard', 'export', 'ms', [2530], atMost(1000)),
      figure('bytes', 'CSS', 'KB', [7.73]),
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^figure\s+median\s+min\s+max\s+target/);
    expect(lines[2]).toMatch(/search: suggestions\s+560 ms.*<= 600\s+pass$/);
    expect(lines[3]).toMatch(/moodboard: export\s+2,530 ms.*<= 1,000\s+FAIL$/);
    expect(lines[4]).toMatch(/bytes: CSS\s+7.73 KB/);
  });
});

describe('bench options', () => {
  it('reads --only, --quick and --no-build, and refuses unknown groups', async () => {
    const { parseArgs } = await import('../../../bench/options');
    expect(parseArgs(['--only', 'load,search', '--quick', '--no-build'])).toEqual({
      build: false,
      quick: true,
      only: ['load', 'search'],
    });
    expect(parseArgs(['--only=lighthouse'])).toMatchObject({ only: ['lighthouse'], build: true });
    expect(() => parseArgs(['--only', 'nope'])).toThrow(/Unknown group nope/);
  });
});
