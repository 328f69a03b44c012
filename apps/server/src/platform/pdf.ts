import PDFDocument from 'pdfkit';

export const PDF_MARGIN = 36;

/**
 * A PDF being written: the document, the width between the margins, and `finish`, which ends it
 * and resolves to its bytes.
 */
export function startPdf(info: { title: string; subject: string; size?: 'A4' | 'A5' }) {
  const doc = new PDFDocument({
    size: info.size ?? 'A4',
    margin: PDF_MARGIN,
    info: { Title: info.title, Author: 'EcoGrid', Subject: info.subject },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const finish = () => {
    doc.end();
    return done;
  };
  return { doc, width: doc.page.width - 2 * PDF_MARGIN, finish };
}

type Doc = PDFKit.PDFDocument;

/** The EcoGrid name and line at the top of every document the shop prints. */
export function letterhead(doc: Doc, line = 'Solar and clean energy products, Uganda') {
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000').text('EcoGrid');
  doc.font('Helvetica').fontSize(9).fillColor('#444').text(line);
  doc.moveDown();
  doc.fillColor('#000');
}

/** A table column: where it starts and how wide it is, as shares of the width between the margins. */
export type PdfColumn = { at: number; width: number; align?: 'left' | 'right' };

/**
 * One table row: each cell in its column, the row as tall as its tallest cell; a row that would
 * run off the page starts a new one.
 */
export function tableRow(doc: Doc, width: number, columns: PdfColumn[], cells: string[], bold = false) {
  if (doc.y > doc.page.height - PDF_MARGIN - 30) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  let bottom = y;
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', PDF_MARGIN + width * column.at, y, {
      width: width * column.width,
      align: column.align ?? 'left',
    });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = PDF_MARGIN;
  doc.y = bottom + 3;
}

/** A thin line across the page under the rows above it. */
export function ruleLine(doc: Doc, width: number) {
  doc
    .moveTo(PDF_MARGIN, doc.y)
    .lineTo(PDF_MARGIN + width, doc.y)
    .stroke('#999');
  doc.moveDown(0.5);
}
