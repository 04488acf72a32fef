/** Order statistics for benchmark runs: on a noisy machine medians and percentiles, never means. */

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least p % of the runs at or below it.
  const rank = Math.ceil((Math.min(100, Math.max(0, p)) / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)] as number;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function summarize(runs: number[]): Summary {
  return {
    median: median(runs),
    min: runs.length ? Math.min(...runs) : Number.NaN,
    max: runs.length ? Math.max(...runs) : Number.NaN,
    runs,
  };
}

/** Gaps between consecutive frame times, in ms. */
export function frameGaps(times: number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] as number));
}
