/**
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field holding a
 * comma, a double quote or a line break put in double quotes with its quotes doubled.
 */
export type CsvValue = string | number | null;

/**
 * A text starting with `=`, `+`, `-`, `@`, a tab or a carriage return is read by a spreadsheet
 * as a formula; a leading apostrophe makes it text there. Numbers are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const field = (value: CsvValue) => {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (values: CsvValue[]) => `${values.map(field).join(',')}\r\n`;

/**
 * A CSV file streamed page by page: the header line, then each page `next` reads after the
 * cursor it returned last (keyset paging), until it returns no rows. Nothing is held beyond a page.
 */
export function csvStream<Cursor>(
  header: string[],
  first: Cursor,
  next: (after: Cursor) => Promise<{ lines: CsvValue[][]; cursor: Cursor }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = first;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const page = await next(cursor);
      if (page.lines.length === 0) {
        controller.close();
        return;
      }
      cursor = page.cursor;
      controller.enqueue(encoder.encode(page.lines.map(csvLine).join('')));
    },
  });
}
