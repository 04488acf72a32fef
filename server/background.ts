import path from 'node:path';
import type { Services } from './app-services';
import { type MailSender, startMailSender } from './mail/sender';
import { folderTransport, smtpTransport } from './mail/transport';
import { purgeExpiredIdempotencyKeys } from './middleware/idempotency';
import { startBondHoldSender, startCardRefundSender } from './money';
import { startScheduledBackups } from './ops/schedule';
import { startBookingSweeper } from './services/booking-sweeper';
import { emailAttachments } from './services/email-attachments';

/** How often answers kept for idempotency keys past their time are deleted. */
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

export interface Background {
  mail: MailSender;
  /**
   * Stops every loop and waits for the work under way (an email being sent, at most `timeoutMs`; a
   * sweep; a backup), so the database can be closed after it.
   */
  stop(timeoutMs: number): Promise<void>;
}

export interface BackgroundOptions {
  /** Whether the process is answering requests now: mail waits for them (at most 2 s a batch). */
  busy?: () => boolean;
}

/**
 * All of the process's background work, started and stopped in this one place: the mail sender
 * (woken by every commit that queued mail), the booking sweeper (lapsed holds, the team's reminders),
 * the card refund sender (server/money),
 * the purge of old idempotency answers and the scheduled backups. A new job starts here too. A job
 * that reads the business's settings reads the stored ones afresh each run (`settings.fresh()`, as the
 * sweep does), never `business()` as a process last saw it.
 */
export function startBackground(services: Services, { busy }: BackgroundOptions = {}): Background {
  const { db, config, logger } = services;
  const mailDir = path.join(config.dataDir, 'mail');
  if (!config.smtpUrl) {
    logger.warn(`No SMTP_URL: emails are not sent, only written to ${mailDir} (one .eml file each)`);
  }
  const mail = startMailSender({
    db,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : folderTransport(mailDir),
    from: config.mailFrom,
    busy,
    attachments: (ids) => emailAttachments(services, ids, config.photosDir),
  });
  const stopWaking = services.onMailQueued(mail.wake);

  // Lapsed holds lapse every minute (dated availability shows them free within that time); the team is
  // reminded a day before a hold lapses and when it has.
  const stopSweeper = startBookingSweeper(services);
  // Refunds to cards written but not yet answered by Stripe (one whose sender crashed among them).
  const stopRefunds = startCardRefundSender(services);
  // Bond holds the settlement (or a cancellation) said to take from or release (issue 61).
  const stopHolds = startBondHoldSender(services);

  let purging: Promise<void> = purgeOldKeys(services);
  const purge = setInterval(() => {
    purging = purgeOldKeys(services);
  }, PURGE_EVERY_MS);
  purge.unref();

  const stopBackups = config.backup
    ? startScheduledBackups({
        ...config.backup,
        sources: {
          databaseUrl: config.databaseUrl,
          authToken: config.databaseAuthToken,
          photosDir: config.photosDir,
          actionSecret: services.secret,
        },
        logger,
      })
    : async () => {};

  return {
    mail,
    async stop(timeoutMs) {
      stopWaking();
      clearInterval(purge);
      await Promise.all([stopSweeper(), stopRefunds(), stopHolds(), stopBackups(), purging, mail.stop(timeoutMs)]);
    },
  };
}

function purgeOldKeys({ db, logger }: Services): Promise<void> {
  return purgeExpiredIdempotencyKeys(db).catch((error) =>
    logger.error({ err: error }, 'Purging expired idempotency keys failed'),
  );
}
