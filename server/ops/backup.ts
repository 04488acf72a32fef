import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { resolveDatabaseUrl } from '../db/client';
import { copyDatabase, countRows } from './copy-database';

/** The backup's own description of itself, written last: a folder without it is not a finished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Where the database came from: an embedded file or a libSQL server. */
  source: 'file' | 'server';
  /** Rows per table in the snapshot. */
  rows: Record<string, number>;
  /** Every file of the backup but this one, with its size and SHA-256. */
  files: { path: string; bytes: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = 'database.db';
export const PHOTOS = 'photos';
export const ACTION_SECRET_FILE = 'action-secret';
export const BUSINESS_FILE = 'business.json';

export interface BackupSources {
  /** DATABASE_URL (a file path, file: URL or libSQL server URL) and its token. */
  databaseUrl: string;
  authToken?: string;
  photosDir: string;
  /** The secret that signs the team's email links (ACTION_SECRET, or the one kept in the data folder). */
  actionSecret: string;
}

/** A libSQL server's URL, as opposed to an embedded file's path. */
export const isServerUrl = (url: string) => /^(libsql|https?|wss?):\/\//.test(url);

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Copies the photo folder. Photos are written under a temporary name and renamed when whole, and only
 * ever added or removed: a `.part` file is skipped, and one removed while the copy runs (an import
 * dropping an unused photo) is left out.
 */
async function copyPhotos(from: string, to: string): Promise<void> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    await mkdir(path.join(to, path.dirname(relative)), { recursive: true });
    try {
      await copyFile(path.join(from, relative), path.join(to, relative));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== MANIFEST)
    .sort();
}

/** Reads the business settings stored in the snapshot, as business.json is written. */
async function businessOf(snapshot: Client): Promise<unknown | null> {
  const table = await snapshot.execute("SELECT 1 FROM sqlite_master WHERE name = 'business_settings'");
  if (table.rows.length === 0) return null;
  const row = (await snapshot.execute('SELECT settings FROM business_settings WHERE id = 1')).rows[0];
  return row ? JSON.parse(String(row.settings)) : null;
}

/**
 * A consistent backup while the server keeps taking orders: the database as of one instant (SQLite's
 * VACUUM INTO for an embedded file, which reads one snapshot while writers go on; one read
 * transaction for a libSQL server), then the photos (each photo a row of the snapshot names was
 * written before that row committed, so it is there), the action secret, the business settings as
 * business.json, and last a manifest with every file's SHA-256. `dir` must be empty or new.
 */
export async function backup(sources: BackupSources, dir: string, now = new Date()): Promise<BackupManifest> {
  if (!(await isEmptyFolder(dir))) throw new Error(`${dir} is not empty: back up into a new or empty folder`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = path.join(dir, DATABASE_FILE);
  const server = isServerUrl(sources.databaseUrl);
  const copy = createClient({ url: `file:${target}` });
  try {
    if (server) {
      const source = createClient({ url: sources.databaseUrl, authToken: sources.authToken });
      try {
        await copyDatabase(source, copy);
      } finally {
        source.close();
      }
    } else {
      const source = createClient({ url: resolveDatabaseUrl(sources.databaseUrl) });
      try {
        await source.execute({ sql: 'VACUUM INTO ?', args: [target] });
      } finally {
        source.close();
      }
    }
    const check = await copy.execute('PRAGMA integrity_check');
    if (String(check.rows[0]?.[0]) !== 'ok') throw new Error(`The database copy is damaged: ${check.rows[0]?.[0]}`);
    const rows = await countRows(copy);
    const business = await businessOf(copy);
    copy.close();
    await copyPhotos(sources.photosDir, path.join(dir, PHOTOS));
    await writeFile(path.join(dir, ACTION_SECRET_FILE), `${sources.actionSecret}\n`, { mode: 0o600 });
    if (business) await writeFile(path.join(dir, BUSINESS_FILE), `${JSON.stringify(business, null, 2)}\n`);
    const files = [];
    for (const file of await listFiles(dir)) {
      const full = path.join(dir, file);
      files.push({ path: file, bytes: (await stat(full)).size, sha256: await sha256Of(full) });
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      source: server ? 'server' : 'file',
      rows,
      files,
    };
    await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    copy.close();
    throw error;
  }
}

/** Reads a backup's manifest and checks every file it lists against its size and SHA-256. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${dir} has no readable ${MANIFEST}: it is not a finished backup`);
  }
  if (manifest.format !== 1) throw new Error(`${dir}: backup format ${manifest.format} is not known to this release`);
  for (const file of manifest.files) {
    const full = path.join(dir, file.path);
    const size = await stat(full).then(
      (s) => s.size,
      () => -1,
    );
    if (size !== file.bytes || (await sha256Of(full)) !== file.sha256) {
      throw new Error(`${file.path} in ${dir} is missing or changed since the backup (its checksum differs)`);
    }
  }
  return manifest;
}

/** Scheduled backups' folder names sort by time. */
const scheduledName = (now: Date) => `storefront-${now.toISOString().replace(/[:.]/g, '-')}`;

/**
 * A backup into a new folder of `root` named by its time, then the oldest of them removed so that
 * `keep` remain. Only finished backups (with a manifest) count toward `keep`; an unfinished one
 * (the process stopped mid-way) is removed.
 */
export async function scheduledBackup(
  sources: BackupSources,
  root: string,
  keep: number,
  now = new Date(),
): Promise<{ dir: string; removed: string[] }> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const dir = path.join(root, scheduledName(now));
  await backup(sources, dir, now);
  const names = (await readdir(root)).filter((name) => name.startsWith('storefront-')).sort();
  const finished: string[] = [];
  const removed: string[] = [];
  for (const name of names) {
    const has = await stat(path.join(root, name, MANIFEST)).then(
      () => true,
      () => false,
    );
    if (has) finished.push(name);
    else if (path.join(root, name) !== dir) {
      await rm(path.join(root, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  for (const name of finished.slice(0, Math.max(0, finished.length - keep))) {
    await rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return { dir, removed };
}
