import { describe, expect, it } from 'vitest';
import { createLogger, logRequestLine } from '../../../server/observability/logger';

/** Issue 63: the per-request line made by hand is the very line pino writes for the same fields. */
describe('the per-request log line', () => {
  const collect = (level = 'info') => {
    const lines: string[] = [];
    const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
    return { logger, lines };
  };

  it('writes, field for field, what pino writes', () => {
    const { logger, lines } = collect();
    const fields = [
      {
        reqId: '0b7e3c1a-5b1f-4a43-9a2e-0f6d3c9b8a11',
        method: 'GET',
        route: '/api/product-groups/:id',
        status: 200,
        ms: 0.4,
        lane: 'fast' as const,
      },
      { reqId: 'proxy"id\\with', method: 'POST', route: '/api/orders', status: 409, ms: 12 },
    ];
    for (const line of fields) {
      logRequestLine(logger, line);
      logger.info({ ...line }, 'request');
    }
    expect(lines).toHaveLength(4);
    const strip = (line: string) => line.replace(/"time":"[^"]+"/, '"time":""');
    expect(strip(lines[0] ?? '')).toBe(strip(lines[1] ?? ''));
    expect(strip(lines[2] ?? '')).toBe(strip(lines[3] ?? ''));
    expect(JSON.parse(lines[2] ?? '{}')).toMatchObject({
      level: 'info',
      reqId: 'proxy"id\\with',
      status: 409,
      msg: 'request',
    });
  });

  it('writes nothing below its level', () => {
    const { logger, lines } = collect('warn');
    logRequestLine(logger, { reqId: 'x', method: 'GET', route: '/', status: 200, ms: 1 });
    expect(lines).toEqual([]);
  });
});
