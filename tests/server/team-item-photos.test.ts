import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from './helpers';
import { addMember, getPage, signIn } from './team-helpers';

/** Issue 33: an item's photo uploaded in the workspace, through the importer's photo pipeline. */
describe('photos by upload', () => {
  it('stores an upload through the photo pipeline: EXIF rotation applied, WebP variants, the original kept', async () => {
    const photosDir = await mkdtemp(path.join(tmpdir(), 'team-photos-'));
    const app = await makeTestApp({ photosDir });
    try {
      await addMember(app, 'pat@example.com', 'staff');
      const pat = await signIn(app, 'pat@example.com');
      const [group] = (await app.db.$client.execute('SELECT id FROM product_groups WHERE show_in_store = 1 LIMIT 1'))
        .rows;
      const id = String(group?.id);
      // A landscape camera photo (300 x 100) whose EXIF says: turn it a quarter to stand upright.
      const photo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#a33' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const upload = (bytes: Uint8Array<ArrayBuffer> | Buffer, name: string, mode = 'replace') => {
        const form = new FormData();
        form.set('_csrf', pat.csrf);
        form.set('mode', mode);
        form.set('photo', new Blob([new Uint8Array(bytes)]), name);
        return app.request(`/team/items/groups/${id}/photos`, {
          method: 'POST',
          headers: { Origin: 'http://localhost', Cookie: pat.cookie },
          body: form,
        });
      };
      const sent = await upload(photo, 'camera.jpg');
      expect(sent.status).toBe(303);
      expect(sent.headers.get('location')).toBe(`/team/items/groups/${id}?done=replaced`);
      const stored = (
        await app.db.$client.execute({ sql: 'SELECT large_url FROM photos WHERE owner_id = ?', args: [id] })
      ).rows;
      expect(stored).toHaveLength(1);
      const url = String(stored[0]?.large_url);
      expect(url).toMatch(new RegExp(`^/photos/${id}/large_[0-9a-f]{16}\\.webp$`));
      const large = await sharp(path.join(photosDir, url.replace('/photos/', ''))).metadata();
      expect([large.format, large.width, large.height]).toEqual(['webp', 100, 300]);
      expect(large.orientation).toBeUndefined();
      const files = await readdir(path.join(photosDir, id));
      expect(files.filter((f) => f.startsWith('original_'))).toHaveLength(1);
      expect(files.filter((f) => f.startsWith('xlarge_'))).toHaveLength(1);
      expect((await app.json(`/api/product-groups/${id}`)).body.data.attributes.photo_url).toBe(url);
      const page = await (await getPage(app, `/team/items/groups/${id}?done=replaced`, pat.cookie)).text();
      expect(page).toContain('Photos replaced: the shop shows the new one on its next visit.');
      expect(page).toContain(`<img src="${url}"`);

      // Not a photo: refused, nothing changed.
      const text = await upload(new TextEncoder().encode('not a photo'), 'notes.txt', 'add');
      expect(text.headers.get('location')).toBe(`/team/items/groups/${id}?done=not_a_photo`);
      expect(
        (await app.db.$client.execute({ sql: 'SELECT COUNT(*) AS n FROM photos WHERE owner_id = ?', args: [id] }))
          .rows[0]?.n,
      ).toBe(1);
      // Too large: 413 before anything is read.
      const huge = await upload(new Uint8Array(21 * 1024 * 1024), 'huge.jpg');
      expect(huge.status).toBe(413);
    } finally {
      await app.close();
    }
  });
});
