/** What someone typed in the "Email or phone number" field. */
export type Identifier = { kind: 'email' | 'phone'; value: string };

/**
 * An address with @ is an email; digits (with +, spaces, dashes or brackets) are a phone
 * number, in local (0772 123456) or international (+256 772 123456) form. The server checks
 * and normalises both.
 */
export function readIdentifier(text: string): Identifier | null {
  const value = text.trim();
  if (!value) return null;
  if (!value.includes('@') && /^\+?[\d\s().-]+$/.test(value)) return { kind: 'phone', value };
  return { kind: 'email', value };
}
