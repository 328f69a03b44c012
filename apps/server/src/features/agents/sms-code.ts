import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The six-digit codes an agent's customer reads back (consent, registration). Only an HMAC of
 * the code is stored, bound to what it is for and to its row, so a leaked table gives no code
 * and a code for one row never matches another.
 */
export const CODE_MINUTES = 10;
/** Wrong tries that end a code. */
export const CODE_ATTEMPTS = 5;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const hashCode = (secret: string, purpose: string, id: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${id}:${code}`).digest('hex');

export function codeMatches(secret: string, purpose: string, id: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const given = Buffer.from(hashCode(secret, purpose, id, code.trim()), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** How the SMS names the agent: 'Sarah Nakato (agent EG-001)'. */
export const agentWho = (agent: { fullName: string; agentCode: string | null }) =>
  `${agent.fullName}${agent.agentCode ? ` (agent ${agent.agentCode})` : ''}`;
