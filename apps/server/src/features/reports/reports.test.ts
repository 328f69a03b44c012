import { beforeAll, describe, expect, it } from 'vitest';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { appWithAdmin } from '../../../test/catalog-admin.ts';
import '../../../test/ledger-check.ts';
import { MARCH, reportBook } from './report-test-setup.ts';

const app = appWithAdmin();
let book: Awaited<ReturnType<typeof reportBook>>;
let agentName: string;
beforeAll(async () => {
  book = await reportBook(app.ctx, app.admin.api);
  agentName = (await userSummaries(app.ctx.db, [book.agent.id])).get(book.agent.id)!.name;
});

type Table = { key: string; columns: { key: string }[]; rows: unknown[][] };
async function report(name: string, query = MARCH) {
  const answer = await app.admin.api.get(`/api/admin/reports/${name}?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const tables = new Map<string, Table>((answer.body.tables as Table[]).map((t) => [t.key, t]));
  return { body: answer.body, rows: (key: string) => tables.get(key)!.rows };
}

describe('the sales report', () => {
  it('counts the goods of orders paid in the range, cash and credit, by each grouping', async () => {
    const sales = await report('sales');
    // Cash: A 100,000 + B 600,000 (C cancelled, D paid on 1 April in Kampala); credit: the loan's 1,200,000.
    expect(sales.rows('by_mode')).toEqual([
      ['credit', 1_200_000, 1, 1],
      ['cash', 700_000, 2, 4],
    ]);
    expect(sales.rows('by_day')).toEqual([
      ['2026-03-10', 100_000, 0],
      ['2026-03-11', 600_000, 0],
      ['2026-03-15', 0, 1_200_000],
    ]);
    expect(sales.rows('by_product')).toEqual([
      [book.homeSystem.name, 1_200_000, 1, 1],
      ['Report TV kit', 400_000, 1, 1],
      ['Report Lamp', 300_000, 3, 2],
    ]);
    expect(sales.rows('by_category')).toEqual([
      ['Home systems', 1_200_000, 1],
      ['TV kits', 400_000, 1],
      ['Solar lanterns', 300_000, 3],
    ]);
    expect(sales.rows('by_district')).toEqual([
      ['Kampala', 1_300_000, 2],
      ['Gulu', 600_000, 1],
    ]);
    // B and the loan's order were sold by the agent; A by nobody.
    expect(sales.rows('by_agent')).toEqual([
      [agentName, 1_800_000, 2],
      [null, 100_000, 1],
    ]);
  });

  it('narrows to a district, a category or an agent, and says which filters it applied', async () => {
    const gulu = await report('sales', `${MARCH}&district=Gulu&lowStock=3`);
    expect(gulu.body.filters).toEqual({ district: 'Gulu' });
    expect(gulu.rows('by_mode')).toEqual([['cash', 600_000, 1, 3]]);
    const tv = await report('sales', `${MARCH}&category=tv-kits`);
    expect(tv.rows('by_product')).toEqual([['Report TV kit', 400_000, 1, 1]]);
    expect(tv.rows('by_district')).toEqual([['Gulu', 400_000, 1]]);
    const agent = await report('sales', `${MARCH}&agentId=${book.agent.id}`);
    expect(agent.rows('by_mode')).toEqual([
      ['credit', 1_200_000, 1, 1],
      ['cash', 600_000, 1, 3],
    ]);
  });

  it('is empty over days with no sales', async () => {
    const empty = await report('sales', 'from=2026-02-01&to=2026-02-28');
    expect(empty.rows('by_mode')).toEqual([]);
  });
});

describe('the collections report', () => {
  it('sets what fell due against what came in, by day, agent and network', async () => {
    const collections = await report('collections');
    // The 300,000 deposit on 15 March; the first 225,000 instalment due on 20 March.
    expect(collections.rows('by_day')).toEqual([
      ['2026-03-15', 0, 300_000, 1],
      ['2026-03-20', 225_000, 0, 0],
    ]);
    // 300,000 of 225,000: 133.33 %.
    expect(collections.rows('by_agent')).toEqual([[agentName, 225_000, 300_000, 13_333]]);
    expect(collections.rows('by_network')).toEqual([['wallet', 300_000, 1]]);
  });

  it('counts by day only the loans of the agent asked for', async () => {
    const theirs = await report('collections', `${MARCH}&agentId=${book.agent.id}`);
    expect(theirs.rows('by_day')).toEqual([
      ['2026-03-15', 0, 300_000, 1],
      ['2026-03-20', 225_000, 0, 0],
    ]);
    const nobody = await report('collections', `${MARCH}&agentId=no-such-agent`);
    expect(nobody.rows('by_day')).toEqual([]);
    expect(nobody.rows('by_agent')).toEqual([]);
  });
});

describe('the credit report', () => {
  it('shows the portfolio, PAR over time, vintages, roll rates and defaults', async () => {
    const credit = await report('credit');
    expect(credit.rows('portfolio')).toEqual([
      ['current', 8_000_000, 8, '2026-03-31'],
      ['par1', 1_000_000, 1, '2026-03-31'],
      ['par30', 1_000_000, 1, '2026-03-31'],
      ['par60', 0, 0, '2026-03-31'],
      ['par90', 0, 0, '2026-03-31'],
      ['defaulted', 0, 0, '2026-03-31'],
    ]);
    // 31 March: 2,000,000 of 10,000,000 at least a day late (20 %), 1,000,000 at least 30 (10 %).
    expect(credit.rows('par_history')).toEqual([
      ['2026-03-01', 0, 0, 0, 0],
      ['2026-03-31', 2_000, 1_000, 0, 0],
    ]);
    // One loan started in March: 300,000 of 1,200,000 paid (25 %), 900,000 owed, none 30 days late.
    expect(credit.rows('vintages')).toEqual([['2026-03', 1, 1_200_000, 300_000, 2_500, 900_000, 0]]);
    // End of February to end of March: the one current loan rolled to PAR 1.
    expect(credit.rows('roll_rates')[0]).toEqual(['2026-02', 'current', 1, 0, 10_000, 0, 0, 0, 0, 0]);
    expect(credit.rows('defaults')).toEqual([['2026-03', 900_000, 1, 0, 0]]);
  });
});

describe('the agents report', () => {
  it('ranks agents by sales with their collections, targets and commission', async () => {
    const agents = await report('agents');
    // Commission: 2.5 % of the 300,000 deposit.
    expect(agents.rows('leaderboard')).toEqual([[agentName, 1_800_000, 1_000_000, 300_000, 500_000, 7_500]]);
    expect(agents.body.notes).toEqual([]);
  });

  it('says when no targets were set for the range', async () => {
    const february = await report('agents', 'from=2026-02-01&to=2026-02-28');
    expect(february.body.notes).toEqual(['no_targets']);
  });
});

describe('the stock report', () => {
  it('shows stock on hand, the movements of the range and what runs low', async () => {
    const stock = await report('stock');
    // Lamps: 10 less A, B's two and D; TV kits: 2 less B and the cancelled C (cancelled by hand, not given back).
    expect(stock.rows('on_hand').map((r) => r.slice(0, 3))).toEqual([
      ['Report Lamp', 6, 600_000],
      ['Report TV kit', 0, 0],
      [book.homeSystem.name, 4, 4_000_000],
    ]);
    expect(stock.rows('movements')).toEqual([
      ['Report Lamp', 0, -4, 0, -4],
      ['Report TV kit', 0, -2, 0, -2],
    ]);
    expect(stock.rows('low_stock').map((r) => r.slice(0, 2))).toEqual([
      ['Report TV kit', 0],
      [book.homeSystem.name, 4],
    ]);
    const line = await report('stock', `${MARCH}&lowStock=3`);
    expect(line.rows('low_stock').map((r) => r[0])).toEqual(['Report TV kit']);
  });
});
