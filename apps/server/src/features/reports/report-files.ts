import { kampalaDate } from '@ecogrid/core/credit';
import type { Report, ReportTable } from '@ecogrid/core/reports';
import { csvLine } from '#src/platform/csv.ts';
import { letterhead, ruleLine, startPdf, tableRow, type PdfColumn } from '#src/platform/pdf.ts';
import { columnTitle, NOTES, pdfCell, REPORT_TITLES, TABLE_TITLES } from './report-words.ts';

/**
 * One table as CSV: a header line of the column keys (docs/exports.md lists them), then the rows
 * as they are: money in whole UGX, shares in basis points, codes as codes, nothing as empty.
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

/** The title line of a report: its name and the days it covers. */
export const reportTitle = (report: Pick<Report, 'report' | 'from' | 'to'>) =>
  `${REPORT_TITLES[report.report]} report, ${report.from} to ${report.to}`;

/** Reports printed one after the other on A4, each table with its title, header and rows. */
export function reportsPdf(title: string, reports: Report[]): Promise<Buffer> {
  const { doc, width, finish } = startPdf({ title, subject: reports.map((r) => REPORT_TITLES[r.report]).join(', ') });
  letterhead(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Printed ${kampalaDate(new Date())} (Kampala time)`);
  reports.forEach((report, i) => {
    if (i > 0) doc.addPage();
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13).text(reportTitle(report));
    const filters = Object.entries(report.filters);
    if (filters.length > 0)
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`Filters: ${filters.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    for (const note of report.notes)
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(NOTES[note] ?? note);
    for (const table of report.tables) {
      doc.moveDown(0.5);
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(TABLE_TITLES[table.key] ?? table.key);
      doc.fontSize(table.columns.length > 6 ? 7 : 8.5);
      const columns = pdfColumns(table);
      tableRow(
        doc,
        width,
        columns,
        table.columns.map((c) => columnTitle(c.key)),
        true,
      );
      ruleLine(doc, width);
      for (const row of table.rows) {
        tableRow(
          doc,
          width,
          columns,
          row.map((cell, c) => pdfCell(table.columns[c]!.kind, cell)),
        );
      }
      if (table.rows.length === 0) doc.font('Helvetica').text('Nothing in this range.');
    }
  });
  return finish();
}
