import { defineConfig } from 'drizzle-kit';

/** Used only by `npm run db:generate` to write SQL migrations from schema.ts. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
