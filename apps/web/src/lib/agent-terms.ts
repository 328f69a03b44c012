/** The server's rule for agent codes: 3 to 20 letters, digits or dashes (stored in capitals). */
const AGENT_CODE = /^[A-Za-z0-9-]{3,20}$/;
/** A percentage with at most two decimals; a comma is accepted as the decimal mark. */
const PERCENT = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;

export type AgentTermsError = 'agentCode' | 'commission';

export type AgentTerms =
  { ok: true; agentCode: string; commissionRateBp: number } | { ok: false; errors: AgentTermsError[] };

/**
 * A percentage as basis points ("2.5" → 250), or null when it is not a number from 0 to `max`
 * basis points (100 % unless told) with up to two decimals.
 */
export function percentToBasisPoints(text: string, max = 10_000): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  // Whole numbers of hundredths, so "2.55" is exactly 255 and never 254.99999999999997.
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= max ? basisPoints : null;
}

/** Basis points as the percentage the form shows (250 → "2.5"). */
export function basisPointsToPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** Checks the approve-agent form as the server will, and gives the values to send. */
export function parseAgentTerms(agentCode: string, percent: string): AgentTerms {
  const code = agentCode.trim().toUpperCase();
  const commissionRateBp = percentToBasisPoints(percent);
  const errors: AgentTermsError[] = [];
  if (!AGENT_CODE.test(code)) errors.push('agentCode');
  if (commissionRateBp === null) errors.push('commission');
  return errors.length || commissionRateBp === null
    ? { ok: false, errors }
    : { ok: true, agentCode: code, commissionRateBp };
}
