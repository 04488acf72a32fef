import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { resolveDatabaseUrl } from '../db/client';
import { ACTION_SECRET_FILE, type BackupManifest, DATABASE_FILE, isServerUrl, PHOTOS, verifyBackup } from './backup';
import { copyDatabase, countRows } from './copy-database';

export interface RestoreTargets {
  /** DATABASE_URL: an embedded file (must not exist yet) or an empty libSQL server database. */
  databaseUrl: string;
  authToken?: string;
  photosDir: string;
  /** Where the action secret is kept (DATA_DIR). */
  dataDir: string;
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Restores a backup into an empty data folder: checks every file against the manifest first, refuses
 * when the database, the photo folder or the action secret is already there (a restore never mixes
 * two shops' data or overwrites one), then writes the database, photos and secret, and checks the
 * restored database's rows per table against the manifest.
 */
export async function restore(
  dir: string,
  targets: RestoreTargets,
  now: Date = new Date(),
): Promise<BackupManifest & { emailsDue: number }> {
  const manifest = await verifyBackup(dir);
  const server = isServerUrl(targets.databaseUrl);
  const databaseFile = server ? null : resolveDatabaseUrl(targets.databaseUrl).replace(/^file:/, '');
  const taken: string[] = [];
  if (databaseFile && existsSync(databaseFile)) taken.push(`the database ${databaseFile}`);
  if (await hasFiles(targets.photosDir)) taken.push(`the photo folder ${targets.photosDir}`);
  if (existsSync(path.join(targets.dataDir, ACTION_SECRET_FILE))) {
    taken.push(`the action secret ${path.join(targets.dataDir, ACTION_SECRET_FILE)}`);
  }
  if (taken.length) {
    throw new Error(
      `Restore needs an empty data folder, and ${taken.join(', ')} already ${taken.length > 1 ? 'exist' : 'exists'}: nothing was changed`,
    );
  }
  const backupDb = createClient({ url: `file:${path.join(dir, DATABASE_FILE)}` });
  try {
    if (databaseFile) {
      await mkdir(path.dirname(path.resolve(databaseFile)), { recursive: true });
      await copyFile(path.join(dir, DATABASE_FILE), databaseFile);
    } else {
      const target = createClient({ url: targets.databaseUrl, authToken: targets.authToken });
      try {
        await copyDatabase(backupDb, target);
      } finally {
        target.close();
      }
    }
  } finally {
    backupDb.close();
  }
  let emailsDue = 0;
  const restored = createClient({
    url: databaseFile ? `file:${databaseFile}` : targets.databaseUrl,
    authToken: targets.authToken,
  });
  try {
    const rows = await countRows(restored);
    const differ = Object.keys(manifest.rows).filter((table) => rows[table] !== manifest.rows[table]);
    if (differ.length) throw new Error(`The restored database differs from the backup in: ${differ.join(', ')}`);
    // The restored shop tries every waiting email as soon as it starts. One waiting hours for its next
    // try failed against the old machine's mail setup. One a sender of the old machine held mid-send
    // would wait out that sender's lease and then go again all the same: the lease cannot say whether
    // it went out, so waiting only delays it.
    await restored.execute({
      sql: `UPDATE email_outbox SET next_attempt_at = ?, lease_owner = NULL, lease_until = NULL
              WHERE status = 'queued' AND (lease_owner IS NOT NULL OR next_attempt_at > ?)`,
      args: [now.toISOString(), now.toISOString()],
    });
    const waiting = await restored.execute("SELECT COUNT(*) AS n FROM email_outbox WHERE status = 'queued'");
    emailsDue = Number(waiting.rows[0]?.n ?? 0);
  } finally {
    restored.close();
  }
  const photos = path.join(dir, PHOTOS);
  for (const file of manifest.files.filter((f) => f.path.startsWith(`${PHOTOS}${path.sep}`))) {
    const relative = path.relative(photos, path.join(dir, file.path));
    await mkdir(path.join(targets.photosDir, path.dirname(relative)), { recursive: true });
    await copyFile(path.join(dir, file.path), path.join(targets.photosDir, relative));
  }
  await mkdir(targets.dataDir, { recursive: true });
  if (manifest.files.some((f) => f.path === ACTION_SECRET_FILE)) {
    await copyFile(path.join(dir, ACTION_SECRET_FILE), path.join(targets.dataDir, ACTION_SECRET_FILE));
    await chmod(path.join(targets.dataDir, ACTION_SECRET_FILE), 0o600);
  }
  return { ...manifest, emailsDue };
}
