import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

export interface ImportFolder {
  t: TestApp;
  /** An empty photo folder of the test's own (an import writes and removes files there). */
  photosDir: string;
  /** A copy of the example folder, to edit before importing it. */
  work: string;
}

/**
 * For each test of a catalogue-import file: a fresh app, a photo folder of its own and a copy of
 * `examples/<example>` to edit; all removed after the test. Read its fields inside a test or hook.
 */
export function freshImportFolder(example = 'catalogue'): ImportFolder {
  const folder = {} as ImportFolder;
  beforeEach(async () => {
    folder.t = await makeTestApp();
    folder.photosDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-import-photos-'));
    folder.work = await mkdtemp(path.join(os.tmpdir(), 'storefront-import-folder-'));
    await cp(path.join(ROOT, 'examples', example), folder.work, { recursive: true });
  });
  afterEach(async () => {
    await folder.t.close();
    await rm(folder.photosDir, { recursive: true, force: true });
    await rm(folder.work, { recursive: true, force: true });
  });
  return folder;
}
