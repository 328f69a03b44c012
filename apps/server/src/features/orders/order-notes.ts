import { FAILURE_MESSAGES, PAYMENT_METHODS } from '@ecogrid/core/payments';
import { render, textsFor, type CatalogueText, type Language, type TextValue } from '#src/platform/i18n.ts';

/**
 * A note on an order's timeline, or why it was cancelled: a person's own words (kept as
 * written), or an `orders` catalogue text the system wrote, read in each reader's language.
 */
export type OrderNote = string | CatalogueText;

/** An `orders` catalogue text. */
export const orderText = (key: string, values?: Record<string, TextValue>): CatalogueText => ({
  key: `orders:${key}`,
  ...(values ? { values } : {}),
});

/** A note as a value inside another note: words as they are, a catalogue text in the reader's language. */
export const noteValue = (note: OrderNote): TextValue => (typeof note === 'string' ? note : { text: note });

const METHODS = new Set<string>(PAYMENT_METHODS);

/** A payment method in the reader's words: a network by its name, cash, the wallet; anything else as stored. */
export const methodValue = (method: string): TextValue =>
  METHODS.has(method) ? { text: orderText(`method.${method}`) } : method;

const english = textsFor('english');

/**
 * The columns a note is kept in: a person's words in `note`; a system text in `noteText`, with
 * its English copy in `note` for logs, exports and anything reading the column directly.
 */
export function noteColumns(note: OrderNote | null | undefined) {
  if (note === null || note === undefined) return { note: null, noteText: null };
  if (typeof note === 'string') return { note, noteText: null };
  return { note: render(english, note), noteText: note };
}

/** The order columns a cancel reason is kept in, as noteColumns keeps a note. */
export function cancelColumns(reason: OrderNote) {
  const { note, noteText } = noteColumns(reason);
  return { cancelReason: note, cancelReasonText: noteText };
}

/** A kept note in the reader's language: a system text rendered, else the words as kept (older rows: English). */
export function readNote(note: string | null, text: CatalogueText | null, reader: Language): string | null {
  return text ? render(textsFor(reader), text) : note;
}

/** Why a payment for an order did not go through, from its settled status and the network's reason. */
export function paymentMissedReason(status: string, failureReason: string | null): CatalogueText {
  if (status === 'expired') return orderText('cancel.notApproved');
  if (status !== 'failed') return orderText('cancel.paymentCancelled');
  const why = !failureReason ? 'refused' : failureReason in FAILURE_MESSAGES ? failureReason : 'other';
  return orderText('cancel.failed', { why: { text: orderText(`failure.${why}`) } });
}
