import { inject } from 'vitest';

/**
 * This worker's server (see global-setup.ts). Vitest numbers the workers that run at once from 1
 * (`VITEST_POOL_ID`), so the files running side by side each have a server and a database of their own.
 */
export function e2eServer() {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length] as (typeof servers)[number];
}

export const baseUrl = () => e2eServer().baseUrl;

/** The e2e server's database, for checking what a flow stored and for arranging stock. */
export async function serverDb() {
  const { createClient } = await import('@libsql/client');
  const client = createClient({ url: `file:${e2eServer().databaseFile}` });
  await client.execute('PRAGMA busy_timeout = 5000');
  return client;
}
