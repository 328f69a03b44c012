import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpReceiver } from '../../apps/server/test/smtp-receiver.ts';

/**
 * The SMTP receiver of the server's tests, for the browser journeys: the app under test sends
 * its mail there, and each message is written to a folder that the tests (in other processes) read.
 */
export async function startMailReceiver(port: number, dir: string) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  return startSmtpReceiver({
    port,
    onMail: (mail) => {
      // Written whole, then renamed, so a reader never sees half a message.
      const file = path.join(dir, `${Date.now()}-${count++}.json`);
      writeFileSync(`${file}.part`, JSON.stringify({ to: mail.to, text: mail.text }));
      renameSync(`${file}.part`, file);
    },
  });
}

/**
 * The newest message sent to `to` (whose text matches `matching`, when given), waiting for it to
 * arrive: long enough for one retry of the delivery job (the first comes 10-20 s after a failed
 * attempt), as a customer would get it.
 */
export async function waitForMail(dir: string, to: string, matching?: RegExp, timeoutMs = 45_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; text: string };
      if (mail.to.includes(to) && (!matching || matching.test(mail.text))) return mail.text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}${matching ? ` matching ${matching}` : ''} within ${timeoutMs} ms`);
}
