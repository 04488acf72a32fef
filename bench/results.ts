import type { Summary } from './stats';
import { summarize } from './stats';

/** A target: the figure must be at most or at least this value. */
export interface Target {
  op: '<=' | '>=' | '==';
  value: number;
}

export interface Figure {
  group: string;
  name: string;
  unit: string;
  /** The figure judged against the target: the median of the runs. */
  value: number;
  min: number;
  max: number;
  runs: number[];
  target: Target | null;
  pass: boolean | null;
  note?: string;
}

export function judge(value: number, target: Target | null): boolean | null {
  if (!target || Number.isNaN(value)) return target ? false : null;
  if (target.op === '<=') return value <= target.value;
  if (target.op === '>=') return value >= target.value;
  return value === target.value;
}

export function figure(
  group: string,
  name: string,
  unit: string,
  runs: number[] | Summary,
  target: Target | null = null,
  note?: string,
): Figure {
  const summary = Array.isArray(runs) ? summarize(runs) : runs;
  return {
    group,
    name,
    unit,
    value: summary.median,
    min: summary.min,
    max: summary.max,
    runs: summary.runs,
    target,
    pass: judge(summary.median, target),
    ...(note ? { note } : {}),
  };
}

/** A row with no measurement, only a note: something not measured (pass) or a group that failed. */
export const unmeasured = (group: string, name: string, note: string, pass: boolean): Figure => ({
  group,
  name,
  unit: '',
  value: Number.NaN,
  min: Number.NaN,
  max: Number.NaN,
  runs: [],
  target: null,
  pass,
  note,
});

export const atMost = (value: number): Target => ({ op: '<=', value });
export const atLeast = (value: number): Target => ({ op: '>=', value });
export const exactly = (value: number): Target => ({ op: '==', value });

export interface ResultsFile {
  date: string;
  commit: string;
  machine: { cores: number; node: string; chromium: string; platform: string };
  groups: string[];
  figures: Figure[];
}

const fmt = (value: number) =>
  Number.isNaN(value)
    ? '-'
    : Math.abs(value) >= 100
      ? Math.round(value).toLocaleString('en-AU')
      : String(Math.round(value * 100) / 100);

/** One table: figure, median, min, max, target, pass or fail. */
export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    `${f.group}: ${f.name}`,
    `${fmt(f.value)} ${f.unit}`,
    fmt(f.min),
    fmt(f.max),
    f.target ? `${f.target.op} ${fmt(f.target.value)}` : '',
    f.pass === null ? '' : f.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['figure', 'median', 'min', 'max', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
