import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { agentCustomers, agentLeads, agentProfiles, agentTargets } from '../schema/agents.ts';
import { users } from '../schema/auth.ts';
import { loans } from '../schema/loans.ts';
import { kampalaPeriods } from '../../features/agents/agent-figures.ts';
import { cashOnHand } from '../../features/agents/agent-profiles.ts';
import { recordHandover } from '../../features/agents/handovers.ts';
import { recordVisitNote } from '../../features/agents/visit-notes.ts';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { sellForCash, sellOnCredit } from './demo-agent-book.ts';
import { demoStock, insertCustomer } from './demo-agent-customers.ts';
import { DEMO_APPLICANT, DEMO_CUSTOMERS, DEMO_LEADS } from './demo-agent-people.ts';

const AGENT_EMAIL = 'agent@ecogrid.demo';
const ADMIN_EMAIL = 'admin@ecogrid.demo';

/** The demo agent and admin sign-ins, when they exist. */
export async function demoStaff(db: Database) {
  const people = await db
    .select({ id: users.id, email: users.email, code: users.agentCode })
    .from(users)
    .where(inArray(users.email, [AGENT_EMAIL, ADMIN_EMAIL]));
  return { agent: people.find((p) => p.email === AGENT_EMAIL), admin: people.find((p) => p.email === ADMIN_EMAIL) };
}

/**
 * Gives the demo agent a book to work with: customers in their villages with identity checks in
 * each state, loans on time, 3, 15, 45 and 95 days behind and paid off, cash sales, cash taken,
 * commission earned, a handover, visit notes with a promise to pay, this month's target, two
 * leads, and an applicant for the admins. Money moves by the ledger's own rules (balanced, each
 * with its key), customers and their money in one transaction. Safe on every start: the book is
 * made once (when the agent serves nobody yet), and each later step is keyed or skips what exists.
 */
export async function seedDemoAgentBook(db: Database): Promise<{ customers: number }> {
  const { agent: agentRow, admin } = await demoStaff(db);
  if (!agentRow || !admin) return { customers: 0 };
  const agent = { id: agentRow.id, code: agentRow.code ?? 'EG-DEMO-01' };
  const [served] = await db
    .select({ id: agentCustomers.customerId })
    .from(agentCustomers)
    .where(eq(agentCustomers.agentId, agent.id))
    .limit(1);
  let made = 0;
  if (!served) {
    made = await db.transaction(async (tx) => {
      const stock = await demoStock(tx);
      if (!stock) return 0;
      for (const person of DEMO_CUSTOMERS) {
        const customer = { ...person, id: await insertCustomer(tx, agent, person) };
        const { book } = person;
        if (book.kind === 'loan') await sellOnCredit(tx, agent, customer, stock.onCredit, stock.plan, book);
        if (book.kind === 'paid_off') {
          await sellOnCredit(tx, agent, customer, stock.onCredit, stock.plan, {
            daysPastDue: 0,
            paidInstalments: stock.plan.instalments,
          });
        }
        if (book.kind === 'cash_order') await sellForCash(tx, agent, customer, stock.forCash);
      }
      return DEMO_CUSTOMERS.length;
    });
  }
  await seedAgentWork(db, agent, admin.id);
  return { customers: made };
}

/** The demo agent works Mukono and Buikwe, trusted with a day's busy takings in cash. */
const DEMO_PROFILE = { districts: ['Mukono', 'Buikwe'], cashLimit: 1_500_000 };

/** The profile, handover, visit notes, target, leads and applicant: each keyed, so a restart adds nothing. */
async function seedAgentWork(db: Database, agent: { id: string; code: string }, adminId: string) {
  await db
    .insert(agentProfiles)
    .values({ agentId: agent.id, ...DEMO_PROFILE, updatedBy: adminId })
    .onConflictDoNothing();
  const held = (await cashOnHand(db, [agent.id])).get(agent.id) ?? 0;
  if (held >= 100_000) {
    await recordHandover(db, {
      agentId: agent.id,
      adminId,
      key: 'demo-handover-1',
      request: { amount: 100_000, method: 'bank_deposit', reference: 'STANBIC-DEMO-0001', note: 'Monday banking' },
    });
  }
  const late = await db
    .select({ id: loans.id, userId: loans.userId, daysPastDue: loans.daysPastDue })
    .from(loans)
    .where(eq(loans.agentId, agent.id));
  const today = kampalaDate(new Date());
  for (const loan of late.filter((l) => l.daysPastDue > 0 && l.daysPastDue < 90)) {
    const promise = loan.daysPastDue <= 15;
    await recordVisitNote(db, agent.id, {
      clientKey: `demo-note-${loan.id}`,
      customerId: loan.userId,
      loanId: loan.id,
      note: promise
        ? 'Visited at home: the maize money comes on Friday; will pay then.'
        : 'Not at home; spoke to a neighbour. Call again next week.',
      ...(promise ? { promiseDate: addDays(today, 4), promiseAmount: 50_000 } : {}),
      recordedAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
  }
  await db
    .insert(agentTargets)
    .values({
      agentId: agent.id,
      month: kampalaPeriods().monthDay,
      salesTarget: 6_000_000,
      collectionsTarget: 1_500_000,
      setBy: adminId,
    })
    .onConflictDoNothing();
  await db
    .insert(agentLeads)
    .values(
      DEMO_LEADS.map((lead, i) => ({
        ...lead,
        agentId: agent.id,
        clientKey: `demo-lead-${i + 1}`,
        district: 'Mukono',
        preferredLanguage: 'luganda',
        recordedAt: new Date(Date.now() - 3 * 3_600_000),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(users)
    .values({
      ...DEMO_APPLICANT,
      name: DEMO_APPLICANT.fullName,
      userType: 'agent',
      agentStatus: 'applicant',
      emailVerified: true,
      phoneNumberVerified: true,
    })
    .onConflictDoNothing();
}
