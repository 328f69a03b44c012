import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, signedInAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { download, pdfText } from '../../../test/downloads.ts';
import '../../../test/ledger-check.ts';
import { MARCH, reportBook } from './report-test-setup.ts';

const app = appWithAdmin();
beforeAll(async () => {
  await reportBook(app.ctx, app.admin.api);
});

const get = (path: string, cookie: string | undefined = app.admin.api.cookie) => download(app.ctx, path, cookie);

describe('report files', () => {
  it('gives each table as RFC 4180 CSV with the column keys as header', async () => {
    const file = await get(`/api/admin/reports/sales/by_category/table.csv?${MARCH}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toContain('EcoGrid-sales-by_category-2026-03-01-2026-03-31.csv');
    expect(file.bytes.toString('utf8')).toBe(
      'category,amount,units\r\nHome systems,1200000,1\r\nTV kits,400000,1\r\nSolar lanterns,300000,3\r\n',
    );
    const par = await get(`/api/admin/reports/credit/par_history/table.csv?${MARCH}`);
    expect(par.bytes.toString('utf8')).toBe(
      'day,par1,par30,par60,par90\r\n2026-03-01,0,0,0,0\r\n2026-03-31,2000,1000,0,0\r\n',
    );
  });

  it('answers 404 for a table the report does not have, and 422 for a reversed range', async () => {
    expect((await get(`/api/admin/reports/sales/leaderboard/table.csv?${MARCH}`)).status).toBe(404);
    expect((await get('/api/admin/reports/sales?from=2026-03-31&to=2026-03-01')).status).toBe(422);
    expect((await get(`/api/admin/reports/payroll?${MARCH}`)).status).toBe(400);
  });

  it('prints each report as a PDF with its tables and figures', async () => {
    const file = await get(`/api/admin/reports/agents/report.pdf?${MARCH}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(file.bytes);
    expect(text).toContain('Agents report, 2026-03-01 to 2026-03-31');
    expect(text).toContain('Leaderboard');
    expect(text).toContain('Commission');
    expect(text).toContain('1,800,000');
    expect(text).toContain('7,500');
    const credit = pdfText((await get(`/api/admin/reports/credit/report.pdf?${MARCH}`)).bytes);
    expect(credit).toContain('Portfolio at risk over time');
    expect(credit).toContain('20.0%');
  });

  it("prints the PDF in the staff member's language and keeps the CSV's column keys", async () => {
    const luganda = await signedInAdmin(app.ctx, 'admin', { preferredLanguage: 'luganda' });
    const file = await get(`/api/admin/reports/agents/report.pdf?${MARCH}`, luganda.api.cookie);
    expect(file.status).toBe(200);
    const text = pdfText(file.bytes);
    expect(text).toContain('Lipoota ya ba ajenti, okuva 2026-03-01 okutuuka 2026-03-31');
    expect(text).toContain('Ba ajenti abasinze');
    expect(text).toContain('Kamisoni (UGX)');
    expect(text).toContain('1,800,000');
    expect(text).not.toContain('Agents report');
    expect(text).not.toContain('Leaderboard');
    const swahili = await signedInAdmin(app.ctx, 'admin', { preferredLanguage: 'swahili' });
    const credit = pdfText((await get(`/api/admin/reports/credit/report.pdf?${MARCH}`, swahili.api.cookie)).bytes);
    expect(credit).toContain('Ripoti ya mikopo, kuanzia 2026-03-01 hadi 2026-03-31');
    expect(credit).toContain('Mikopo iliyo hatarini kwa muda');
    expect(credit).toContain('20.0%');
    expect(credit).not.toContain('Portfolio at risk over time');
    const csv = await get(`/api/admin/reports/sales/by_category/table.csv?${MARCH}`, swahili.api.cookie);
    expect(csv.bytes.toString('utf8')).toMatch(/^category,amount,units\r\n/);
  });

  it('is for admins only', async () => {
    const customer = await signedInCustomer(app.ctx);
    expect((await get(`/api/admin/reports/sales?${MARCH}`, customer.api.cookie)).status).toBe(403);
    expect((await get(`/api/admin/reports/sales/report.pdf?${MARCH}`, '')).status).toBe(401);
  });
});
