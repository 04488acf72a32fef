import type { Client } from '@libsql/client';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type * as schema from './schema';

/** The database (an embedded file or a libSQL server) with the app's schema: what openDb gives. */
export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
