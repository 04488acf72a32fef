import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BusinessFile,
  type BusinessFileSettings,
  parseBusinessFile,
} from '../../src/lib/api-contract/business-file';
import { sharp } from '../lib/sharp';
import type { PhotoRef } from './photos';
import type { Problem } from './read-folder';

export const BUSINESS_FILE = 'business.json';

export interface LogoSource {
  /** The file in the catalogue folder. */
  file: string;
  type: 'svg' | 'png';
  bytes: Buffer;
  /** First 16 hex digits of its SHA-256: the stored files are named by it. */
  hash: string;
}

export interface BusinessReading {
  /** The checked settings as written, to store; null when the folder has no business.json. */
  settings: Record<string, unknown> | null;
  logo: LogoSource | null;
  /** The photos it names (services, collage), with the key that names each, to check and store. */
  photoRefs: PhotoRef[];
}

/** The photos a business.json names, each with its key path (services.0.photos.1, collage.9.photo). */
function photoRefsOf(file: BusinessFileSettings): PhotoRef[] {
  const ref = (column: string, photo: string): PhotoRef => ({ file: BUSINESS_FILE, row: 0, column, photo });
  return [
    ...file.services.flatMap((service, i) => service.photos.map((photo, j) => ref(`services.${i}.photos.${j}`, photo))),
    ...file.collage.map((entry, i) => ref(`collage.${i}.photo`, entry.photo)),
  ];
}

/** Where a JSON syntax error is, as a line number, from V8's "at position N" or "(line N column M)". */
function lineOf(text: string, message: string): number {
  const line = /line (\d+)/.exec(message)?.[1];
  if (line) return Number(line);
  const position = /position (\d+)/.exec(message)?.[1];
  return text.slice(0, position ? Number(position) : firstBadCharacter(text)).split('\n').length;
}

/**
 * Where JSON text first goes wrong, for engines whose message gives no position: the shortest prefix
 * that fails for a reason other than ending too soon (found by halving: every longer one fails too).
 */
function firstBadCharacter(text: string): number {
  const fine = (length: number) => {
    try {
      JSON.parse(text.slice(0, length));
      return true;
    } catch (error) {
      return /end of (JSON )?input|Unterminated|Expected .* after/i.test((error as Error).message);
    }
  };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high + 1) / 2);
    if (fine(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Reads and checks the folder's business.json (optional: without it the shop's settings stay as they
 * are) and the logo it names. Problems name the file, the line of a JSON mistake, and the key.
 */
export async function readBusiness(folder: string, problems: Problem[]): Promise<BusinessReading> {
  let text: string;
  try {
    text = await readFile(path.join(folder, BUSINESS_FILE), 'utf8');
  } catch {
    return { settings: null, logo: null, photoRefs: [] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = (error as Error).message;
    problems.push({ file: BUSINESS_FILE, row: lineOf(text, message), message: `not valid JSON: ${message}` });
    return { settings: null, logo: null, photoRefs: [] };
  }
  const parsed = parseBusinessFile(json);
  if (!parsed.settings) {
    for (const problem of parsed.problems) {
      problems.push({ file: BUSINESS_FILE, column: problem.key, message: problem.message });
    }
    return { settings: null, logo: null, photoRefs: [] };
  }
  const logoPath = (json as BusinessFile).logo;
  const logo = logoPath ? await readLogo(folder, logoPath, problems) : null;
  // Stored as written (checked): defaults are filled in when read, so a later release's defaults apply.
  return { settings: json as Record<string, unknown>, logo, photoRefs: photoRefsOf(parsed.settings) };
}

async function readLogo(folder: string, name: string, problems: Problem[]): Promise<LogoSource | null> {
  const problem = (message: string) => {
    problems.push({ file: BUSINESS_FILE, column: 'logo', message });
    return null;
  };
  const root = path.resolve(folder);
  const file = path.resolve(root, name);
  if (!file.startsWith(root + path.sep)) return problem(`logo ${name} is outside the catalogue folder`);
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.svg' && extension !== '.png') return problem(`logo ${name} must be an SVG or PNG file`);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return problem(`missing logo ${name}`);
  }
  const type = extension === '.svg' ? 'svg' : 'png';
  if (type === 'svg') {
    const svg = bytes.toString('utf8');
    if (!/<svg[\s>]/i.test(svg)) return problem(`logo ${name} is not an SVG image`);
    // Served from the shop's own address: an SVG that runs script or loads other files is refused.
    if (/<script|\bon[a-z]+\s*=|<foreignObject|(?:href|src)\s*=\s*["'](?!#|data:image\/)/i.test(svg)) {
      return problem(`logo ${name} holds script, event handlers or links to other files: export it as a plain SVG`);
    }
  }
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    if (type === 'png' && meta.format !== 'png') return problem(`logo ${name} is not a PNG image`);
  } catch {
    return problem(`logo ${name} is not an image sharp can read`);
  }
  return { file, type, bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}
