import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Booking } from '../booking';
import { type Db, migrationsFolder } from '../db/client';
import { migrationStatus } from '../db/migration-status';

export interface MailFigures {
  byStatus: Record<string, number>;
  /** Seconds since the oldest email still waiting was queued; null when none waits. */
  oldestWaitingSeconds: number | null;
}

/** The mail queue's figures: emails by status, and how long the oldest waiting one has waited. */
export async function mailFigures(db: Db, now = new Date()): Promise<MailFigures> {
  const rows = await db.all<{ status: string; n: number; oldest: string | null }>(
    sql`SELECT status, COUNT(*) AS n, MIN(created_at) AS oldest FROM email_outbox GROUP BY status`,
  );
  const byStatus: Record<string, number> = {};
  let oldestWaitingSeconds: number | null = null;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status === 'queued' && row.oldest) {
      oldestWaitingSeconds = Math.max(0, Math.round((now.getTime() - Date.parse(row.oldest)) / 1000));
    }
  }
  return { byStatus, oldestWaitingSeconds };
}

/** Requests holding stock now, through the booking module (the only reader of holds). */
export async function holdingRequests(db: Db, booking: Booking): Promise<number> {
  return (await booking.liveHolds(db)).size;
}

export interface Readiness {
  ready: boolean;
  /** Why not, in words, when not ready. */
  problems: string[];
  database: { reachable: boolean; migrations?: { applied: number; pending: string[] } };
  mail?: { waiting: number; oldestWaitingSeconds: number | null; failed: number };
  disk?: { path: string; freeBytes: number; minimumBytes: number };
}

/**
 * Whether this process can take traffic: the database answers and has every migration of this
 * release, and the data folder's disk has room. Also reports the mail queue: its depth and oldest
 * email, which a monitor alerts on (mail waits out an SMTP outage, so it does not make a process unready).
 */
export async function readiness(
  db: Db,
  { dataDir, minimumFreeBytes, now = new Date() }: { dataDir: string; minimumFreeBytes: number; now?: Date },
): Promise<Readiness> {
  const problems: string[] = [];
  const result: Readiness = { ready: false, problems, database: { reachable: false } };
  try {
    await db.$client.execute('SELECT 1');
    result.database.reachable = true;
    const status = await migrationStatus(db.$client, migrationsFolder);
    result.database.migrations = { applied: status.applied.length, pending: status.pending };
    if (status.pending.length) problems.push(`migrations not applied: ${status.pending.join(', ')}`);
    const mail = await mailFigures(db, now);
    result.mail = {
      waiting: mail.byStatus.queued ?? 0,
      oldestWaitingSeconds: mail.oldestWaitingSeconds,
      failed: mail.byStatus.failed ?? 0,
    };
  } catch (error) {
    problems.push(`the database does not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const disk = await statfs(dataDir);
    const freeBytes = Number(disk.bavail) * Number(disk.bsize);
    result.disk = { path: dataDir, freeBytes, minimumBytes: minimumFreeBytes };
    if (freeBytes < minimumFreeBytes) problems.push(`the data folder's disk has ${freeBytes} bytes free`);
  } catch (error) {
    problems.push(`the data folder cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  result.ready = problems.length === 0;
  return result;
}
