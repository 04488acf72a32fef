import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { encodeBoard, type SharedLine } from '../../src/lib/moodboard-link';
import { makeTestApp, middleOfWindow, type TestApp } from './helpers';

let t: TestApp;
let lines: SharedLine[];
beforeAll(async () => {
  t = await makeTestApp({ rateLimits: { preview: { limit: 3, windowMs: 60_000 } } });
  const { rows } = await t.db.$client.execute(
    `SELECT p.id AS id, p.product_group_id AS group_id FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE g.photo_url LIKE '/photos/%' ORDER BY g.position LIMIT 3`,
  );
  lines = rows.map((row) => ({
    kind: 'product' as const,
    id: String(row.id),
    groupId: String(row.group_id),
    quantity: 1,
    choices: [],
    placements: [{ tx: 0, ty: 0, s: 1 }],
  }));
});
afterAll(() => t?.close());

const preview = (board: string, headers: Record<string, string> = {}) =>
  t.request(`/api/moodboard/preview?board=${encodeURIComponent(board)}`, { headers });

/** The colour at a point of the image, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}
const isTan = ([r = 0, g = 0, b = 0]: number[]) =>
  Math.abs(r - 0xc8) < 12 && Math.abs(g - 0xa2) < 12 && Math.abs(b - 0x7c) < 12;

describe('GET /api/moodboard/preview', () => {
  it("draws a shared board's cards on its tan as a 1200 x 630 JPEG with the shop's mark, and answers the same link from its cache", async () => {
    const board = encodeBoard({ lines, front: [] });
    const response = await preview(board);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const image = Buffer.from(await response.arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The cards fill the middle; the tan shows at the corners.
    expect(isTan(await pixel(image, 600, 315))).toBe(false);
    expect(isTan(await pixel(image, 4, 4))).toBe(true);
    // The business's mark: a cream label in the bottom right corner, with its name in ink.
    const [r = 0, g = 0, b = 0] = await pixel(image, 1200 - 24 - 6, 630 - 24 - 28);
    expect(Math.min(r, g, b)).toBeGreaterThan(235);
    const { data, info } = await sharp(image)
      .extract({ left: 900, top: 630 - 24 - 56, width: 276, height: 56 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const ink = [...data].filter((value) => value < 90).length;
    expect(ink / (info.width * info.height)).toBeGreaterThan(0.02);
    expect(isTan(await pixel(image, 1196, 626))).toBe(true);
    const again = await preview(board, { 'If-None-Match': response.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('follows the placements: a card moved to the right leaves the left of the picture tan', async () => {
    const moved = encodeBoard({
      lines: [lines[0] as SharedLine, { ...(lines[1] as SharedLine), placements: [{ tx: 250, ty: 0, s: 1 }] }],
      front: [],
    });
    const image = Buffer.from(await (await preview(moved)).arrayBuffer());
    // Two cards side by side with a gap of tan between them, so the middle column is tan.
    expect(isTan(await pixel(image, 600, 315))).toBe(true);
  });

  it('answers 400 for a link that is not a board, 404 for a board whose items are gone', async () => {
    expect((await t.request('/api/moodboard/preview')).status).toBe(400);
    expect((await preview('not-a-board')).status).toBe(400);
    const gone = encodeBoard({
      lines: [
        { kind: 'product', id: 'no-such-product', groupId: 'no-such-group', quantity: 1, choices: [], placements: [] },
      ],
      front: [],
    });
    const answer = await preview(gone);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: string }).error).toMatch(/no longer in the catalogue/);
  });

  it('limits new drawings per IP, but not answers from its cache', async () => {
    const boards = [1, 2, 3, 4].map((n) =>
      encodeBoard({ lines: [{ ...(lines[0] as SharedLine), quantity: n }], front: [] }),
    );
    // The limit counts fixed windows of a minute: the requests go in the middle of one, on the app's
    // clock, so that no window boundary falls between them (it did, now and then, on the wall clock).
    t.setNow(middleOfWindow(60_000));
    onTestFinished(() => t.setNow(null));
    const statuses = [];
    for (const board of boards) statuses.push((await preview(board, { 'X-Forwarded-For': '203.0.113.9' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await preview(boards[0] as string, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200);
  });
});
