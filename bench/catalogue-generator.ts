import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { BUNDLE_COLUMNS, PRODUCT_COLUMNS } from '../server/catalogue-io/read-folder';
import { DEMO_CATEGORIES } from '../server/seed/demo-categories';
import { runJobs } from '../src/lib/job-pool';

/** The demo's categories that items are filed under (no categories.csv: each becomes a category). */
const HIRE_TAGS = DEMO_CATEGORIES.filter((c) => c.parent).map((c) => c.key);

const SIZES = ['Small', 'Medium', 'Large', 'Extra Large'];

/**
 * A catalogue folder of `products` products in groups of four sizes, each product with a photo of
 * its own (1600 x 1200 JPEG, as a phone gives them), and a bundle per ten groups. Made once per size
 * and kept (data/ is git-ignored): drawing the photos is not what the benchmark measures.
 */
export async function generateCatalogue(folder: string, products: number): Promise<string> {
  const marker = path.join(folder, `.complete-${products}`);
  if (existsSync(marker)) return folder;
  await mkdir(path.join(folder, 'photos'), { recursive: true });
  const rows: string[][] = [];
  const bundles: string[][] = [];
  const jobs: { file: string; hue: number; shade: number }[] = [];
  for (let i = 0; i < products; i++) {
    const group = Math.floor(i / SIZES.length);
    const size = SIZES[i % SIZES.length] as string;
    const tags = [HIRE_TAGS[group % HIRE_TAGS.length], HIRE_TAGS[(group * 7 + 3) % HIRE_TAGS.length]];
    const photo = `photos/item-${i}.jpg`;
    jobs.push({ file: path.join(folder, photo), hue: (group * 37) % 360, shade: i % SIZES.length });
    rows.push([
      `GEN-${i}`,
      `Styled Prop ${group} - ${size}`,
      `Styled Prop ${group}`,
      `Size: ${size}`,
      i % SIZES.length === 0 ? `A generated prop number ${group}, for measuring imports.` : '',
      (20 + (group % 40) + 5 * (i % SIZES.length)).toFixed(2),
      String((i * 13) % 60),
      [...new Set(tags)].join('|'),
      photo,
      'yes',
    ]);
    if (i % (SIZES.length * 10) === 0) {
      bundles.push([
        `GEN-B-${group}`,
        `Generated Set ${group}`,
        'Two props together.',
        photo,
        tags[0] ?? '',
        `Styled Prop ${group}`,
        '',
        '2',
        '10',
      ]);
    }
  }
  await runJobs(jobs, 2, async ({ file, hue, shade }) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},25%,${88 - shade * 4}%)"/><stop offset="1" stop-color="hsl(${hue},20%,${70 - shade * 4}%)"/></linearGradient></defs>
      <rect width="1600" height="1200" fill="url(#g)"/>
      <ellipse cx="800" cy="1000" rx="${380 + shade * 40}" ry="60" fill="rgba(0,0,0,0.18)"/>
      <rect x="${620 - shade * 30}" y="${360 - shade * 40}" width="${360 + shade * 60}" height="${640 + shade * 40}" rx="40" fill="hsl(${(hue + 30) % 360},35%,55%)"/>
    </svg>`;
    await writeFile(file, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
    return [];
  });
  await writeFile(path.join(folder, 'products.csv'), stringify([[...PRODUCT_COLUMNS], ...rows]));
  await writeFile(
    path.join(folder, 'bundles.csv'),
    stringify([[...BUNDLE_COLUMNS.filter((c) => c !== 'show_in_store')], ...bundles]),
  );
  await writeFile(marker, '');
  return folder;
}
