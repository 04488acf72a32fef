import type { Logger } from '../observability/logger';
import { type BackupSources, scheduledBackup } from './backup';

export interface BackupSchedule {
  /** BACKUP_DIR: each backup is a folder of its own in it, named by its time. */
  dir: string;
  /** BACKUP_EVERY, in ms. */
  everyMs: number;
  /** BACKUP_KEEP: finished backups kept; older ones are removed. */
  keep: number;
  sources: BackupSources;
  logger: Logger;
  clock?: () => Date;
}

/**
 * Backs up every `everyMs` while the server runs (the first one `everyMs` after the start, so a
 * crash loop does not fill the disk). Backups never overlap; a failed one is logged as an error and
 * tried again at the next turn. Answers a function that stops the schedule.
 */
export function startScheduledBackups({
  dir,
  everyMs,
  keep,
  sources,
  logger,
  clock = () => new Date(),
}: BackupSchedule): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = async () => {
    if (running) return;
    let finished = () => {};
    running = new Promise((resolve) => {
      finished = resolve;
    });
    const started = Date.now();
    try {
      const done = await scheduledBackup(sources, dir, keep, clock());
      logger.info(
        { backup: done.dir, removed: done.removed, ms: Date.now() - started },
        `Backed up into ${done.dir}${done.removed.length ? `; removed ${done.removed.length} older` : ''}`,
      );
    } catch (error) {
      logger.error({ err: error }, `Scheduled backup into ${dir} failed`);
    } finally {
      finished();
      running = null;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  // Stopping waits for a backup under way: the database it reads stays open until it is done.
  return async () => {
    clearInterval(timer);
    await running;
  };
}
