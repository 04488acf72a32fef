import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and answers other than 2xx (or 304, when asked for). */
  failures: number;
}

/** One autocannon run from this process: 50 connections, gzip accepted, the given duration. */
export async function loadRun(url: string, seconds: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip', ...headers },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
