// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import SystemReportPage from './system-report-page.tsx';

let session: unknown = null;
const server = fakeServer(({ url }) => {
  if (url.startsWith('/api/auth/get-session')) return { body: session };
  return { status: 404, body: {} };
});
beforeEach(() => server.start());

describe('/system-report-pdf', () => {
  it('offers a visitor the public summary', async () => {
    session = null;
    const { container } = renderPage(SystemReportPage, '/system-report-pdf');
    const link = await screen.findByRole('link', { name: 'Download prices and service status (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/system-report.pdf');
    expect(screen.queryByLabelText('From')).toBeNull();
    await expectAccessible(container);
  });

  it('lets an admin pick the days of the full report', async () => {
    session = {
      session: { id: 's1', userId: 'a1' },
      user: { id: 'a1', name: 'Admin', email: 'admin@example.com', userType: 'admin', twoFactorEnabled: true },
    };
    const { container } = renderPage(SystemReportPage, '/system-report-pdf');
    const link = await screen.findByRole('link', { name: 'Download the system report (PDF)' });
    expect(link.getAttribute('href')).toMatch(
      /^\/api\/system-report\.pdf\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
    expect(screen.getByLabelText('From')).toBeTruthy();
    await expectAccessible(container);
  });
});
