import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { REPORTS } from '@ecogrid/core/reports';
import { appliedMigrationCount, expectedMigrationCount, type Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { textsFor, type Language } from '#src/platform/i18n.ts';
import type { Jobs } from '#src/platform/jobs.ts';
import { letterhead, ruleLine, startPdf, tableRow, type PdfColumn } from '#src/platform/pdf.ts';
import { productStock } from '#src/features/catalog/stock.service.ts';
import { reportsPdf } from './report-files.ts';
import { reportWords } from './report-words.ts';
import { buildReport } from './reports.service.ts';

/** The days an admin's system report covers when not told: the last 30, ending today (Kampala). */
export const defaultReportDays = (now = new Date()) => {
  const to = kampalaDate(now);
  return { from: addDays(to, -29), to };
};

/** Whether the database answers and is migrated, and the job queue answers. */
async function serviceStatus(db: Database, jobs: Pick<Jobs, 'healthy'>) {
  let database = true;
  try {
    database = (await appliedMigrationCount(db)) === expectedMigrationCount();
  } catch {
    database = false;
  }
  return { database, jobs: await jobs.healthy() };
}

const PRICES: PdfColumn[] = [
  { at: 0, width: 0.3 },
  { at: 0.31, width: 0.39 },
  { at: 0.71, width: 0.14, align: 'right' },
  { at: 0.86, width: 0.14, align: 'right' },
];
const STATUS: PdfColumn[] = [
  { at: 0, width: 0.6 },
  { at: 0.6, width: 0.4, align: 'right' },
];

/**
 * The public summary anyone may download, in the reader's language: whether the services work,
 * and the catalogue's price list (products on sale, by category and name).
 */
export async function publicSystemReport(db: Database, jobs: Pick<Jobs, 'healthy'>, language: Language) {
  const { t, money } = textsFor(language);
  const w = (key: string) => t(`statements:publicReport.${key}`);
  const [status, products] = await Promise.all([serviceStatus(db, jobs), productStock(db)]);
  const { doc, width, finish } = startPdf({ title: w('publicTitle'), subject: w('prices') });
  letterhead(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(w('publicTitle'));
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${w('printed')}: ${kampalaDate(new Date())}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text(w('status'));
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(status.database && status.jobs ? w('statusOk') : w('statusDegraded'));
  const working = (ok: boolean) => (ok ? w('working') : w('notWorking'));
  tableRow(doc, width, STATUS, [w('database'), working(status.database)]);
  tableRow(doc, width, STATUS, [w('jobs'), working(status.jobs)]);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text(w('prices'));
  doc.fontSize(9);
  tableRow(doc, width, PRICES, [w('category'), w('product'), w('price'), w('credit')], true);
  ruleLine(doc, width);
  const onSale = products
    .filter((p) => p.active)
    .sort((a, b) => a.categoryName.localeCompare(b.categoryName) || a.name.localeCompare(b.name));
  for (const p of onSale) {
    tableRow(doc, width, PRICES, [p.categoryName, p.name, money(p.price), p.loanEligible ? w('yes') : w('no')]);
  }
  return finish();
}

/** The full report an admin downloads, in their language: the five reports over the range, one after the other. */
export async function adminSystemReport(db: Database, range: DateRange, language: Language) {
  const reports = [];
  for (const name of REPORTS) reports.push(await buildReport(db, name, range, {}));
  const words = reportWords(language);
  return reportsPdf(words.systemTitle(range.from, range.to), reports, words);
}
