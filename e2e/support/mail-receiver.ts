import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser journeys: the app under test sends its mail here, and
 * each message is written to a folder that the tests read.
 */
export async function startMailReceiver(port: number, dir: string): Promise<SMTPServer> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(dir, `${Date.now()}-${count++}.eml`), `X-Envelope-To: ${to}\r\n${raw}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest message sent to `to`, waiting for it to arrive. */
export async function waitForMail(dir: string, to: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = readdirSync(dir).sort().reverse();
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      if (text.startsWith(`X-Envelope-To: ${to}`)) return decodeQuotedPrintable(text);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
