import type { Texts } from '#src/platform/i18n.ts';

/** The most a handset shows on one USSD screen (Africa's Talking's limit). */
export const SCREEN_LIMIT = 182;

/** One answer to the gateway: CON waits for the caller's next answer, END closes the session. */
export type Screen = { kind: 'CON' | 'END'; text: string };

export const con = (text: string): Screen => ({ kind: 'CON', text });
export const end = (text: string): Screen => ({ kind: 'END', text });

/** The body of the gateway's answer: "CON …" or "END …". */
export const render = (screen: Screen) => `${screen.kind} ${screen.text}`;

/** A screen's words from the `ussd` catalogue, in the caller's language. */
export type Say = (key: string, values?: Record<string, unknown>) => string;

export const sayer =
  (texts: Texts): Say =>
  (key, values) =>
    texts.t(`ussd:${key}`, values ?? {});

/**
 * A heading and as many lines as fit on one screen with the tail (a back choice, a note):
 * lines that do not fit are counted in "and N more", so a long list never runs off the screen.
 */
export function fitLines(say: Say, head: string, lines: string[], tail = ''): string {
  const join = (shown: string[], hidden: number) =>
    [head, ...shown, ...(hidden ? [say('more', { count: hidden })] : []), ...(tail ? [tail] : [])].join('\n');
  for (let shown = lines.length; shown >= 0; shown -= 1) {
    const text = join(lines.slice(0, shown), lines.length - shown);
    if (text.length <= SCREEN_LIMIT) return text;
  }
  return join([], lines.length).slice(0, SCREEN_LIMIT);
}

/**
 * The caller's answers as a path, with each "0" (back) taking away the answer before it: the
 * gateway sends every answer so far, so the screen is found again from the start each step.
 */
export function pathOf(answers: string[]): string[] {
  const path: string[] = [];
  for (const answer of answers) {
    if (answer === '0' && path.length > 0) path.pop();
    else if (answer !== '0') path.push(answer);
  }
  return path;
}

/** A menu choice "1".."n" as 1..n, or null. */
export const choiceOf = (answer: string | undefined, count: number): number | null => {
  if (!answer || !/^\d{1,2}$/.test(answer)) return null;
  const n = Number(answer);
  return n >= 1 && n <= count ? n : null;
};
