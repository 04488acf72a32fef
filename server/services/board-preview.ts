import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { PREVIEW_SIZE } from '../../src/lib/api-contract/photo-variants';
import { HOME, type Placement } from '../../src/lib/arrange/placement';
import { type DecodedBoard, decodeBoard } from '../../src/lib/moodboard-link';
import type { Db } from '../db/client';
import { bundles, productGroups, products } from '../db/schema';
import { sharp } from '../lib/sharp';
import { drawMark, type PreviewMark } from './preview-mark';

/** Link previews (Open Graph, Twitter cards) are drawn at 1200 x 630. */
export const PREVIEW_WIDTH = PREVIEW_SIZE.width;
export const PREVIEW_HEIGHT = PREVIEW_SIZE.height;
/** The board's tan (BOARD_BACKGROUND of the page's moodboard). */
const BOARD_TAN = { r: 0xc8, g: 0xa2, b: 0x7c };
/** The board as a 1440 px window draws it: 400 px cards, each 20 px on from the last (moodboard-layout.ts). */
const CARD_WIDTH = 400;
const STACK_OFFSET = 20;
/** A card is a white print: 10 px around the photo and a deeper band below it (the label's place). */
const FRAME = 10;
const FOOT = 34;
/** The cards on top are drawn; a board of more is still recognisable from its top 24. */
const MAX_CARDS = 24;

const OWN_PHOTO = /^\/photos\/[A-Za-z0-9-]+\/large_[A-Za-z0-9._-]+\.(webp|jpe?g|png)$/;

interface Card {
  photoUrl: string;
  placement: Placement;
}

/** The photo of every card of a board, in stack order, from the catalogue (never from the link). */
async function cardsOf(db: Db, board: DecodedBoard): Promise<Card[]> {
  const productIds = new Set<string>();
  for (const line of board.lines) {
    if (line.kind === 'product') productIds.add(line.id);
    for (const choice of line.choices) productIds.add(choice.productId);
  }
  const bundleIds = board.lines.filter((line) => line.kind === 'bundle').map((line) => line.id);
  const [productRows, bundleRows] = await Promise.all([
    productIds.size
      ? db
          .select({
            id: products.id,
            groupId: products.productGroupId,
            photoUrl: sql<string | null>`coalesce(${products.photoUrl}, ${productGroups.photoUrl})`,
          })
          .from(products)
          .innerJoin(productGroups, eq(productGroups.id, products.productGroupId))
          .where(inArray(products.id, [...productIds]))
      : [],
    bundleIds.length
      ? db.select({ id: bundles.id, photoUrl: bundles.photoUrl }).from(bundles).where(inArray(bundles.id, bundleIds))
      : [],
  ]);
  const productPhoto = new Map(productRows.map((row) => [row.id, row]));
  const bundlePhoto = new Map(bundleRows.map((row) => [row.id, row.photoUrl]));
  const cards: Card[][] = board.lines.map((line) => {
    // As on the page: a product's photo; a bundle's photo, then its chosen products' photos.
    const photos =
      line.kind === 'product'
        ? [productPhoto.get(line.id)?.groupId === line.groupId ? productPhoto.get(line.id)?.photoUrl : null]
        : [bundlePhoto.get(line.id), ...line.choices.map((choice) => productPhoto.get(choice.productId)?.photoUrl)];
    return photos.flatMap((photoUrl, index) =>
      photoUrl ? [{ photoUrl, placement: line.placements[index] ?? HOME }] : [],
    );
  });
  // Cards brought to the front go last, in the order they were brought.
  const front = new Set<Card>();
  for (const [line, card] of board.front) {
    const brought = cards[line]?.[card];
    if (brought) {
      front.delete(brought);
      front.add(brought);
    }
  }
  const stacked = cards.flat();
  return [...stacked.filter((card) => !front.has(card)), ...front];
}

/** A card on the board at scale 1: its photo file, size and place (pixels from the board's centre top). */
interface Laid {
  photo: Buffer;
  scale: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

async function layCard(photosDir: string, card: Card, index: number, count: number): Promise<Laid | null> {
  if (!OWN_PHOTO.test(card.photoUrl)) return null;
  let photo: Buffer;
  let aspect: number;
  try {
    photo = await readFile(path.join(photosDir, card.photoUrl.slice('/photos/'.length)));
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    if (width === 0 || height === 0) return null;
    aspect = height / width;
  } catch {
    return null;
  }
  const { tx, ty, s } = card.placement;
  const width = CARD_WIDTH * s;
  const height = ((CARD_WIDTH - 2 * FRAME) * aspect + FRAME + FOOT) * s;
  // The stack: each card 20 px right and down of the one before, centred on the board; then the
  // shopper's move (percent of the card at scale 1) and resize (about the card's centre).
  const spread = (Math.max(count, 1) - 1) * STACK_OFFSET;
  const centreX = index * STACK_OFFSET - spread / 2 + (tx / 100) * CARD_WIDTH;
  const centreY = index * STACK_OFFSET + height / s / 2 + (ty / 100) * (height / s);
  return { photo, scale: s, left: centreX - width / 2, top: centreY - height / 2, width, height };
}

/** A card as a white print `fit` times its board size. */
async function drawCard(card: Laid, fit: number): Promise<Buffer> {
  const k = card.scale * fit;
  const width = Math.max(4, Math.round(card.width * fit));
  const height = Math.max(4, Math.round(card.height * fit));
  const frame = Math.round(FRAME * k);
  const photo = await sharp(card.photo)
    .resize({
      width: Math.max(1, width - 2 * frame),
      height: Math.max(1, height - frame - Math.round(FOOT * k)),
      fit: 'cover',
    })
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: photo, left: frame, top: frame }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The soft shadow under a print, as the board's cards cast (0 10px 28px at 24 % charcoal). */
async function drawShadow(card: Laid, fit: number): Promise<{ image: Buffer; pad: number; drop: number }> {
  const blur = Math.max(1, 9 * fit);
  const pad = Math.ceil(blur * 2);
  const width = Math.max(4, Math.round(card.width * fit));
  const height = Math.max(4, Math.round(card.height * fit));
  const image = await sharp({
    create: {
      width: width + 2 * pad,
      height: height + 2 * pad,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      {
        input: { create: { width, height, channels: 4, background: { r: 43, g: 41, b: 39, alpha: 0.3 } } },
        left: pad,
        top: pad,
      },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();
  // A second pipeline: sharp blurs before it composites within one.
  const soft = await sharp(image).blur(blur).png({ compressionLevel: 0 }).toBuffer();
  return { image: soft, pad, drop: Math.round(8 * fit) };
}

/**
 * The picture a shared moodboard link previews as: the board's own cards, photos and placements, on
 * its tan, fitted into 1200 x 630, with the business's mark in a corner; JPEG. Null when the link
 * names nothing that can be drawn.
 */
export async function renderBoardPreview(
  db: Db,
  photosDir: string,
  param: string,
  mark: PreviewMark,
): Promise<Buffer | null> {
  const board = decodeBoard(param);
  if (!board) return null;
  const cards = (await cardsOf(db, board)).slice(-MAX_CARDS);
  const laid = (await Promise.all(cards.map((card, index) => layCard(photosDir, card, index, cards.length)))).filter(
    (card): card is Laid => card !== null,
  );
  if (laid.length === 0) return null;
  const minX = Math.min(...laid.map((card) => card.left));
  const minY = Math.min(...laid.map((card) => card.top));
  const maxX = Math.max(...laid.map((card) => card.left + card.width));
  const maxY = Math.max(...laid.map((card) => card.top + card.height));
  // Fitted with a margin of tan around the cards; a small board is not blown up past 1.5x.
  const margin = 40;
  const fit = Math.min(
    (PREVIEW_WIDTH - 2 * margin) / (maxX - minX),
    (PREVIEW_HEIGHT - 2 * margin) / (maxY - minY),
    1.5,
  );
  const dx = (PREVIEW_WIDTH - (maxX - minX) * fit) / 2;
  const dy = (PREVIEW_HEIGHT - (maxY - minY) * fit) / 2;
  const prints = await Promise.all(laid.map((card) => drawCard(card, fit)));
  const shadows = await Promise.all(laid.map((card) => drawShadow(card, fit)));
  const label = await drawMark(photosDir, mark);
  const placed = laid.flatMap((card, index) => {
    const left = Math.round((card.left - minX) * fit + dx);
    const top = Math.round((card.top - minY) * fit + dy);
    const shadow = shadows[index] as { image: Buffer; pad: number; drop: number };
    return [
      { input: shadow.image, left: left - shadow.pad, top: top - shadow.pad + shadow.drop },
      { input: prints[index] as Buffer, left: Math.max(0, left), top: Math.max(0, top) },
    ];
  });
  const corner = {
    input: label.image,
    left: PREVIEW_WIDTH - label.width - 24,
    top: PREVIEW_HEIGHT - label.height - 24,
  };
  return sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: BOARD_TAN } })
    .composite([...placed, corner])
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}

/** The cache key of a preview: the link's content and the catalogue it was drawn from. */
export const previewKey = (param: string, catalogueVersion: number): string =>
  createHash('sha256').update(`${catalogueVersion}\n${param}`).digest('base64url').slice(0, 32);
