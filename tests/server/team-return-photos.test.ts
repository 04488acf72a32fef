import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, ORIGIN, postForm, signIn } from './team-helpers';

/** Issue 48: a photo taken at a return, kept with it and shown to signed-in members only. */
let t: TestApp;
beforeAll(async () => {
  // A photo folder of its own, so that what the test finds there is what it made.
  t = await makeTestApp({ photosDir: await mkdtemp(path.join(tmpdir(), 'return-photos-')) });
  await addMember(t, 'ines@example.com', 'staff');
});
afterAll(() => t?.close());

const at = (day: string) => t.setNow(new Date(`${day}T01:00:00Z`));
const rows = async (sql: string, args: string[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A phone photo: 3000 × 2000, turned on its side by its EXIF orientation. */
const phonePhoto = (colour: string) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A PNG whose header says it is width x height, with a few bytes of (empty) image data. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The return form as a browser sends it with a file: multipart, from this site. */
async function returnWith(id: string, day: string, me: { csrf: string; cookie: string }, file: Blob, name: string) {
  const form = new FormData();
  form.set('_csrf', me.csrf);
  form.set('day', day);
  form.set('note', 'Leg cracked');
  form.set('photo', file, name);
  return t.request(`/team/requests/${id}/return`, {
    method: 'POST',
    headers: { Origin: ORIGIN, Cookie: me.cookie },
    body: form,
  });
}

describe('a photo at a return', () => {
  it('is kept upright, small and private, shown on the request; a file that is not a photo records nothing', async () => {
    t.setNow(null);
    const date = weekdayAhead(SATURDAY, 40);
    const id = await placeOrder(t, 'photo-return@example.com', 'pickup', date);
    const window = t.booking.window(date, 'pickup');
    let me = await signIn(t, 'ines@example.com');
    expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie)).status).toBe(303);
    at(window.from);
    me = await signIn(t, 'ines@example.com');
    expect(
      (await postForm(t, `/team/requests/${id}/hand-over`, { _csrf: me.csrf, day: window.from }, me.cookie)).status,
    ).toBe(303);
    at(window.to);
    me = await signIn(t, 'ines@example.com');

    const page = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    expect(page).toContain('enctype="multipart/form-data"');
    expect(page).toContain('<label for="return-photo">Photo (optional, up to 20 MB)</label>');

    const text = new Blob(['not a photo'], { type: 'image/jpeg' });
    const refused = await returnWith(id, window.to, me, text, 'broken.jpg');
    expect(refused.headers.get('location')).toBe(`/team/requests/${id}?done=bad_photo`);
    expect((await rows('SELECT returned_on FROM orders WHERE id = ?', [id]))[0]?.returned_on).toBeNull();

    // A PNG of a few hundred bytes that says it is 16,000 x 16,000 (256 megapixels, under sharp's own limit): refused from its
    // header, before anything is decoded (issue 63).
    const huge = new Blob([new Uint8Array(pngClaiming(16_000, 16_000))], { type: 'image/png' });
    const started = performance.now();
    const tooLarge = await returnWith(id, window.to, me, huge, 'huge.png');
    expect(tooLarge.headers.get('location')).toBe(`/team/requests/${id}?done=photo_too_large`);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await (await getPage(t, `/team/requests/${id}?done=photo_too_large`, me.cookie)).text()).toContain(
      'Not recorded: that photo is larger than 100 megapixels. Send a smaller copy.',
    );
    expect((await rows('SELECT returned_on FROM orders WHERE id = ?', [id]))[0]?.returned_on).toBeNull();

    const photo = new Blob([new Uint8Array(await phonePhoto('#8a5a44'))], { type: 'image/jpeg' });
    const returned = await returnWith(id, window.to, me, photo, 'IMG_2041.JPG');
    expect(returned.headers.get('location')).toBe(`/team/requests/${id}?done=returned`);
    const shown = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    const src = /<img src="(\/team\/requests\/\d+\/return-photos\/[a-f0-9]{16}\.webp)" alt="Return photo 1"/.exec(
      shown,
    )?.[1];
    expect(src).toBeDefined();

    const file = await getPage(t, src ?? '', me.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    // Upright (portrait, as the camera was held), at most 1600 px, with no EXIF left.
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    expect(meta.exif).toBeUndefined();

    // Not for anyone without a session, nor through the shop's public photo route.
    expect((await getPage(t, src ?? '')).status).not.toBe(200);
    const name = path.basename(src ?? '');
    expect((await t.request(`/photos/.returns/${id}/${name}`)).status).toBe(404);
    // Only the one photo is kept: the refused file left nothing behind.
    expect(await readdir(path.join(t.config.photosDir, '.returns', id))).toEqual([name]);
    const [report] = await rows('SELECT return_report FROM orders WHERE id = ?', [id]);
    expect(JSON.parse(String(report?.return_report)).photos).toEqual([name]);
  });
});
