import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { type Db, openDb } from '../../server/db/client';
import type { ProxyDeps } from '../../server/routes/media';
import { copyTemplateDb, TEST_PHOTOS_DIR } from '../fixtures/test-db';

export interface TestApp {
  db: Db;
  config: ServerConfig;
  request: (path: string, init?: RequestInit) => Promise<Response>;
  json: <T = any>(path: string, init?: RequestInit) => Promise<{ status: number; body: T; headers: Headers }>;
  post: <T = any>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: T; headers: Headers }>;
  count: (table: string) => Promise<number>;
}

/** The whole app in process over a private copy of the seeded database. */
export async function makeTestApp(overrides: Partial<ServerConfig> = {}, proxy: ProxyDeps = {}): Promise<TestApp> {
  const file = await copyTemplateDb(inject('templateDb'));
  const db = await openDb({ url: file });
  const config: ServerConfig = {
    ...loadConfig({}),
    databaseUrl: file,
    photosDir: TEST_PHOTOS_DIR,
    distDir: undefined,
    trustProxy: true,
    ...overrides,
  };
  const app = createApp({ db, config, proxy });
  const request = async (path: string, init?: RequestInit) => app.request(path, init);
  const json = async (path: string, init?: RequestInit) => {
    const response = await request(path, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    json(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const count = async (table: string) => {
    const result = await db.$client.execute(`SELECT COUNT(*) AS n FROM ${table}`);
    return Number(result.rows[0]?.n ?? 0);
  };
  return { db, config, request, json, post, count };
}
