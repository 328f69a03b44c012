import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, signedInAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { pdfText } from '../../../test/downloads.ts';
import '../../../test/ledger-check.ts';
import { MARCH, reportBook } from './report-test-setup.ts';

const app = appWithAdmin();
let book: Awaited<ReturnType<typeof reportBook>>;
beforeAll(async () => {
  book = await reportBook(app.ctx, app.admin.api);
});

async function systemReport(query: string, headers: Record<string, string> = {}) {
  const answer = await app.ctx.request(`/api/system-report.pdf${query}`, { headers });
  const bytes = Buffer.from(await answer.arrayBuffer());
  return { status: answer.status, headers: answer.headers, bytes, text: answer.status === 200 ? pdfText(bytes) : '' };
}

describe('/api/system-report.pdf', () => {
  it('gives a visitor the price list and service status, not the business figures', async () => {
    const file = await systemReport(`?${MARCH}`);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.headers.get('content-disposition')).toContain('EcoGrid-prices-and-status.pdf');
    expect(file.text).toContain('EcoGrid: prices and service status');
    expect(file.text).toContain('Report Lamp');
    expect(file.text).toContain('100,000');
    expect(file.text).toContain('All services are working.');
    expect(file.text).not.toContain('Sales report');
    expect(file.text).not.toContain('Leaderboard');
  });

  it('writes the public summary in the reader’s language', async () => {
    const swahili = await systemReport('', { 'accept-language': 'sw' });
    expect(swahili.text).toContain('Orodha ya bei');
    const luganda = await systemReport('', { 'accept-language': 'lg' });
    expect(luganda.text).toContain("Olukalala lw'emiwendo");
  });

  it('gives a customer the public summary too', async () => {
    const customer = await signedInCustomer(app.ctx);
    const file = await systemReport(`?${MARCH}`, { cookie: customer.api.cookie! });
    expect(file.text).toContain('Price list');
    expect(file.text).not.toContain('Sales report');
  });

  it('gives an admin all five reports over the range', async () => {
    const file = await systemReport(`?${MARCH}`, { cookie: app.admin.api.cookie! });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('EcoGrid-system-report-2026-03-01-2026-03-31.pdf');
    for (const title of ['Sales', 'Collections', 'Credit', 'Agents', 'Stock']) {
      expect(file.text).toContain(`${title} report, 2026-03-01 to 2026-03-31`);
    }
    expect(file.text).toContain(book.homeSystem.name);
    expect(file.text).toContain('1,800,000');
  });

  it('gives an admin the reports in their own language', async () => {
    const swahili = await signedInAdmin(app.ctx, 'admin', { preferredLanguage: 'swahili' });
    const file = await systemReport(`?${MARCH}`, { cookie: swahili.api.cookie! });
    expect(file.status).toBe(200);
    expect(file.text).toContain('Ripoti ya mfumo wa EcoGrid, kuanzia 2026-03-01 hadi 2026-03-31');
    expect(file.text).toContain('Ripoti ya mauzo, kuanzia 2026-03-01 hadi 2026-03-31');
    expect(file.text).toContain('Ripoti ya bidhaa ghalani, kuanzia 2026-03-01 hadi 2026-03-31');
    expect(file.text).toContain('1,800,000');
    expect(file.text).not.toContain('Sales report');
    const english = await systemReport(`?${MARCH}`, { cookie: app.admin.api.cookie!, 'accept-language': 'lg' });
    expect(english.text).toContain('EcoGrid system report, 2026-03-01 to 2026-03-31');
    expect(english.text).not.toContain('Lipoota');
  });

  it('refuses an admin a reversed range', async () => {
    const file = await systemReport('?from=2026-03-31&to=2026-03-01', { cookie: app.admin.api.cookie! });
    expect(file.status).toBe(422);
  });
});
