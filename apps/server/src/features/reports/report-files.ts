import { kampalaDate } from '@ecogrid/core/credit';
import type { Report, ReportTable } from '@ecogrid/core/reports';
import { csvLine } from '#src/platform/csv.ts';
import { letterhead, ruleLine, startPdf, tableRow, type PdfColumn } from '#src/platform/pdf.ts';
import type { ReportWords } from './report-words.ts';

/**
 * One table as CSV: a header line of the column keys (docs/exports.md lists them), then the rows
 * as they are: money in whole UGX, shares in basis points, codes as codes, nothing as empty. The
 * same in every language: partner systems read these files.
 */
export function tableCsv(table: ReportTable): string {
  return csvLine(table.columns.map((c) => c.key)) + table.rows.map((row) => csvLine(row)).join('');
}

/** Columns of equal width across the page, the first (names) twice as wide; numbers to the right. */
function pdfColumns(table: ReportTable): PdfColumn[] {
  const shares = table.columns.map((_, i) => (i === 0 ? 2 : 1));
  const total = shares.reduce((a, b) => a + b, 0);
  let at = 0;
  return table.columns.map((column, i) => {
    const width = shares[i]! / total;
    const placed: PdfColumn = {
      at,
      width: width - 0.01,
      align: ['money', 'count', 'bp'].includes(column.kind) ? 'right' : 'left',
    };
    at += width;
    return placed;
  });
}

/** The title line of a report in the reader's words: its name and the days it covers. */
export const reportTitle = (words: ReportWords, report: Pick<Report, 'report' | 'from' | 'to'>) =>
  words.title(report.report, report.from, report.to);

/**
 * Reports printed one after the other on A4, each table with its title, header and rows, in the
 * reader's words; days stay YYYY-MM-DD and figures are grouped as in the statements.
 */
export function reportsPdf(title: string, reports: Report[], words: ReportWords): Promise<Buffer> {
  const { doc, width, finish } = startPdf({ title, subject: reports.map((r) => words.name(r.report)).join(', ') });
  letterhead(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(words.printed(kampalaDate(new Date())));
  reports.forEach((report, i) => {
    if (i > 0) doc.addPage();
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13).text(reportTitle(words, report));
    const filters = Object.entries(report.filters);
    if (filters.length > 0) doc.font('Helvetica').fontSize(9).text(words.filters(filters));
    for (const note of report.notes) doc.font('Helvetica').fontSize(9).text(words.note(note));
    for (const table of report.tables) {
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').fontSize(11).text(words.table(table.key));
      doc.fontSize(table.columns.length > 6 ? 7 : 8.5);
      const columns = pdfColumns(table);
      tableRow(
        doc,
        width,
        columns,
        table.columns.map((c) => words.column(c.key)),
        true,
      );
      ruleLine(doc, width);
      for (const row of table.rows) {
        tableRow(
          doc,
          width,
          columns,
          row.map((cell, c) => words.cell(table.columns[c]!.kind, cell)),
        );
      }
      if (table.rows.length === 0) doc.font('Helvetica').text(words.nothing);
    }
  });
  return finish();
}
