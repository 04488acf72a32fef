import { describe, expect, it } from 'vitest';
import { findChromium } from '../../e2e/find-chromium';

describe('findChromium', () => {
  it('refuses a CHROMIUM_PATH that points at a missing file, naming the variable', async () => {
    await expect(findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).rejects.toThrow(
      /CHROMIUM_PATH is set to \/nowhere\/chromium, but no file is there/,
    );
  });

  it('takes CHROMIUM_PATH first when the file exists', async () => {
    await expect(findChromium({ CHROMIUM_PATH: process.execPath })).resolves.toEqual({
      path: process.execPath,
      source: 'CHROMIUM_PATH',
    });
  });
});
