/**
 * npm run catalogue -- import <folder> [--dry-run] [--keep-missing] [--overwrite-edits]
 * npm run catalogue -- export <folder>
 *
 * Works on the database of DATABASE_URL (the embedded file or a libSQL server) and the photo folder
 * of PHOTOS_DIR, as the server does. A running server shows an import on its next read.
 */

import { exportCatalogue } from '../catalogue-io/export-catalogue';
import { importCatalogue } from '../catalogue-io/import-catalogue';
import { describeProblem } from '../catalogue-io/read-folder';
import { exitOnConfigError, loadConfig } from '../config';
import { readBusinessSettings } from '../services/business';
import { stockShortfallText } from '../services/emails';
import { shopBooking } from '../services/shop-booking';
import { openConfiguredDb } from '../upgrades/open-db';

const USAGE =
  'usage: npm run catalogue -- import <folder> [--dry-run] [--keep-missing] [--overwrite-edits] | export <folder>';

async function main(argv: string[]): Promise<number> {
  const [command, folder, ...flags] = argv;
  const unknown = flags.filter((flag) => !['--dry-run', '--keep-missing', '--overwrite-edits'].includes(flag));
  if (!folder || (command !== 'import' && command !== 'export') || unknown.length > 0) {
    console.error(unknown.length ? `unknown option ${unknown.join(' ')}\n${USAGE}` : USAGE);
    return 2;
  }
  const config = exitOnConfigError(() => loadConfig());
  const db = await openConfiguredDb(config);
  try {
    if (command === 'export') {
      const summary = await exportCatalogue(db, folder, config.photosDir);
      console.log(
        `Exported ${summary.products} products, ${summary.bundles} bundles and ${summary.photos} photos to ${folder}`,
      );
      return 0;
    }
    const dryRun = flags.includes('--dry-run');
    const business = await readBusinessSettings(db);
    let shown = 0;
    const report = await importCatalogue(db, folder, {
      photosDir: config.photosDir,
      booking: shopBooking({ current: () => business }),
      teamEmail: config.businessEmail,
      dryRun,
      keepMissing: flags.includes('--keep-missing'),
      overwriteEdits: flags.includes('--overwrite-edits'),
      onProgress: (done, total) => {
        if (Date.now() - shown < 500 && done < total) return;
        shown = Date.now();
        process.stdout.write(`\rPhotos: ${done} of ${total}`);
        if (done === total) process.stdout.write('\n');
      },
    });
    for (const note of report.notes) console.log(`Note: ${describeProblem(note)}`);
    if (report.problems.length > 0) {
      console.error(
        `Nothing was imported: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} to fix first.`,
      );
      for (const problem of report.problems) console.error(`  ${describeProblem(problem)}`);
      return 1;
    }
    const list = (title: string, items: string[]) => {
      console.log(`${title}: ${items.length}`);
      for (const item of items.slice(0, 50)) console.log(`  ${item}`);
      if (items.length > 50) console.log(`  … and ${items.length - 50} more`);
    };
    list(dryRun ? 'Would add' : 'Added', report.added);
    list(
      dryRun ? 'Would change' : 'Changed',
      report.changes.map((change) => `${change.item}: ${change.fields.join(', ')}`),
    );
    list(dryRun ? 'Would archive' : 'Archived', report.archived);
    if (report.business.status !== 'none') list('Settings (business.json) changed', report.business.changes);
    if (report.kept.length > 0) {
      list(
        flags.includes('--overwrite-edits')
          ? 'Edited in the workspace, written over (--overwrite-edits)'
          : 'Edited in the workspace, kept (--overwrite-edits takes the folder’s)',
        report.kept,
      );
    }
    const { categories } = report;
    if (categories.added.length + categories.removed.length + categories.changed.length > 0) {
      console.log(
        `Categories: ${categories.added.length} added, ${categories.changed.length} changed, ${categories.removed.length} removed (${[
          ...categories.added.map((key) => `+${key}`),
          ...categories.changed,
          ...categories.removed.map((key) => `-${key}`),
        ].join(' ')})`,
      );
    }
    console.log(
      `Photos: ${report.photos.toProcess} to process, ${report.photos.unchanged} unchanged${dryRun ? ' (dry run: nothing written)' : ''}`,
    );
    if (report.shortfalls.length > 0) {
      console.log(
        `${dryRun ? 'Would set' : 'Set'} stock below what is promised on these days${dryRun ? '' : `; the team is emailed this list at ${config.businessEmail}`}:`,
      );
      for (const short of report.shortfalls) console.log(`  ${stockShortfallText(short)}`);
    }
    console.log(`Peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    return 0;
  } finally {
    db.$client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
