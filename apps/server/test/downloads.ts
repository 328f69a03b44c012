import { inflateSync } from 'node:zlib';
import type { TestContext } from './test-app.ts';

/**
 * The text a PDF made by pdfkit shows, page by page in drawing order: each content stream is
 * inflated and the hex strings of its text operators decoded (the standard fonts write one byte a
 * character, in WinAnsi, which Latin-1 reads the same for the letters a statement uses). Pieces of
 * one TJ array are joined, each text operator on a line of its own.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const source = pdf.toString('latin1');
  const stream = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = stream.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const body = op[1] ?? `<${op[2]}>`;
      const text = [...body.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
        .join('');
      lines.push(text);
    }
    stream.lastIndex = end;
  }
  return lines.join('\n');
}

/** A file downloaded as a signed-in browser would (no cookie: signed out): status, headers and bytes. */
export async function download(ctx: TestContext, path: string, cookie: string | undefined) {
  const response = await ctx.request(path, { headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
