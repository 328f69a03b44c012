// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '@/components/ui/toast.tsx';
import { addEnglish } from '@/lib/i18n.ts';
import kycReviewStrings from '@/locales/en.kyc-review.json';
import type { AdminKyc, AdminKycSummary, Kyc, KycDecision } from './api.ts';
import KycQueuePage from './kyc-queue-page.tsx';
import KycReviewPage from './kyc-review-page.tsx';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';

// The toast layer loads its library lazily and needs the app shell's toaster: record the toasts instead.
vi.mock('@/components/ui/toast.tsx', () => ({ showToast: vi.fn(async () => {}) }));

addEnglish(kycReviewStrings);

const USER = '3f2a1b4c-5d6e-4f70-8a91-b2c3d4e5f607';
const ID_DOCUMENT = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
const SELFIE = '9d8c7b6a-5f4e-4d3c-8b2a-1a2b3c4d5e6f';
const REVIEW = `/admin/kyc/${USER}`;

const aSummary = (changes: Partial<AdminKycSummary> = {}): AdminKycSummary => ({
  userId: USER,
  name: 'Nakato Sarah',
  phone: '+256772123456',
  email: 'sarah@example.ug',
  legalName: 'Nakato Sarah Namubiru',
  district: 'Mukono',
  idType: 'national_id',
  status: 'submitted',
  submittedAt: '2026-03-01T07:15:00.000Z',
  reviewedAt: null,
  ...changes,
});

const sarah = { id: USER, name: 'Nakato Sarah', role: 'customer' as const };
const okello = { id: 'a6e1b1f2-0c3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Okello John', role: 'agent' as const };
const grace = { id: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b', name: 'Grace Namutebi', role: 'admin' as const };

const aCheck = (changes: Partial<AdminKyc> = {}): AdminKyc => ({
  userId: USER,
  status: 'submitted',
  completion: 100,
  steps: { personal: true, address: true, identity: true, idDocument: true, selfie: true },
  personal: { legalName: 'Nakato Sarah Namubiru', dateOfBirth: '1990-05-14', gender: 'female' },
  address: { district: 'Mukono', subCounty: 'Goma', village: 'Seeta' },
  identity: { idType: 'national_id', idNumber: 'CF90012345678A' },
  documents: [
    {
      id: ID_DOCUMENT,
      kind: 'id_document',
      contentType: 'application/pdf',
      bytes: 180_000,
      uploadedAt: '2026-03-01T07:10:00.000Z',
      uploadedByAgent: false,
      uploadedBy: sarah,
    },
    {
      id: SELFIE,
      kind: 'selfie',
      contentType: 'image/jpeg',
      bytes: 1_200_000,
      uploadedAt: '2026-03-01T07:12:00.000Z',
      uploadedByAgent: true,
      uploadedBy: okello,
    },
  ],
  rejectionReason: null,
  submittedAt: '2026-03-01T07:15:00.000Z',
  reviewedAt: null,
  history: [{ kind: 'submitted', reason: null, at: '2026-03-01T07:15:00.000Z', by: okello }],
  account: { id: USER, name: 'Nakato Sarah', email: 'sarah@example.ug', phone: '+256772123456' },
  sameIdNumber: [],
  ...changes,
});

let lists: Record<string, { items: AdminKycSummary[]; nextCursor: string | null }>;
let check: AdminKyc;
let decisionReply: { status: number; body: unknown } | null;
let documentsFail: boolean;
const server = fakeServer(({ url, method, body }) => {
  if (url.startsWith('/api/admin/kyc?')) {
    const params = new URL(url, 'http://x').searchParams;
    const key = `${params.get('status')}${params.get('cursor') ? `:${params.get('cursor')}` : ''}`;
    return { body: lists[key] ?? { items: [], nextCursor: null } };
  }
  if (url === `/api/admin/kyc/${USER}` && method === 'GET') return { body: check };
  if (url === `/api/admin/kyc/${USER}/decision` && method === 'POST') {
    if (decisionReply) return decisionReply;
    const decision = body as KycDecision;
    const approved = decision.decision === 'approve';
    const at = '2026-03-02T09:00:00.000Z';
    check = {
      ...check,
      status: approved ? 'verified' : 'rejected',
      rejectionReason: approved ? null : decision.reason,
      reviewedAt: at,
      history: [
        ...check.history,
        { kind: approved ? 'verified' : 'rejected', reason: approved ? null : decision.reason, at, by: grace },
      ],
    };
    // The decision answers with the check only, without names, as the server does.
    const { account: _account, sameIdNumber: _same, ...after } = check;
    const plain: Kyc = {
      ...after,
      documents: after.documents.map(({ uploadedBy: _by, ...document }) => document),
      history: after.history.map(({ by: _by, ...event }) => event),
    };
    return { body: plain };
  }
  if (url.startsWith('/api/kyc/documents/')) {
    return documentsFail ? { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } : { body: 'bytes' };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
});

const realObjectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let made: string[];
beforeAll(() => {
  // jsdom cannot make object URLs.
  URL.createObjectURL = vi.fn(() => {
    made.push(`blob:http://localhost/${made.length + 1}`);
    return made.at(-1)!;
  });
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => {
  URL.createObjectURL = realObjectUrls.create;
  URL.revokeObjectURL = realObjectUrls.revoke;
});

beforeEach(() => {
  lists = {
    submitted: {
      items: [
        aSummary(),
        aSummary({
          userId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
          name: 'Okello John',
          legalName: null,
          district: 'Gulu',
          idType: 'alien_id',
          submittedAt: '2026-03-01T09:00:00.000Z',
        }),
      ],
      nextCursor: 'c2',
    },
    'submitted:c2': {
      items: [aSummary({ userId: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', name: 'Achieng Grace' })],
      nextCursor: null,
    },
    verified: {
      items: [
        aSummary({
          userId: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b',
          name: 'Mugisha Peter',
          status: 'verified',
          reviewedAt: '2026-03-02T08:00:00.000Z',
        }),
      ],
      nextCursor: null,
    },
  };
  check = aCheck();
  decisionReply = null;
  documentsFail = false;
  made = [];
  vi.mocked(showToast).mockClear();
  vi.mocked(URL.revokeObjectURL).mockClear();
  server.start();
});

const posts = () => server.seen.filter((r) => r.method === 'POST');
const section = (heading: string) => screen.getByRole('heading', { name: heading }).closest('section')!;

describe('the identity check queue', () => {
  it('lists the waiting checks in the order the server gives them, each linking to its review, and loads more', async () => {
    renderPage(KycQueuePage, '/admin/kyc');
    expect((await screen.findByRole('tab', { name: 'Waiting for review' })).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Waiting for review' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Nakato Sarah', 'Okello John']);
    expect(within(cards[0]!).getByRole('link', { name: 'Nakato Sarah' }).getAttribute('href')).toBe(REVIEW);
    expect(cards[0]!.textContent).toContain('Nakato Sarah Namubiru');
    expect(cards[0]!.textContent).toContain('Mukono');
    expect(cards[0]!.textContent).toContain('Ugandan National ID');
    expect(cards[0]!.textContent).toContain('Submitted');
    expect(
      within(cards[0]!)
        .getByText(/Mar 1, 2026/)
        .getAttribute('datetime'),
    ).toBe('2026-03-01T07:15:00.000Z');
    expect(cards[1]!.textContent).toContain('Not given yet');
    expect(cards[1]!.textContent).toContain('Alien ID');
    expect(screen.getByText('Showing 2 identity checks')).toBeTruthy();
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/kyc?status=submitted&limit=25');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Achieng Grace' })).toBeTruthy();
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/kyc?status=submitted&limit=25&cursor=c2');
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Nakato Sarah', 'Okello John', 'Achieng Grace']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for the chosen status, and says when there is none', async () => {
    renderPage(KycQueuePage, '/admin/kyc');
    await screen.findByRole('link', { name: 'Nakato Sarah' });
    fireEvent.click(screen.getByRole('tab', { name: 'Verified' }));
    const card = await screen.findByRole('article', { name: 'Mugisha Peter' });
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/kyc?status=verified&limit=25');
    expect(screen.getByRole('tab', { name: 'Verified' }).getAttribute('aria-selected')).toBe('true');
    expect(card.textContent).toContain('Decided');

    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('No identity checks have been rejected.')).toBeTruthy();
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/kyc?status=rejected&limit=25');
  });

  it('opens on the status in the address', async () => {
    renderPage(KycQueuePage, '/admin/kyc?status=pending');
    expect(await screen.findByText('No customer is filling in an identity check.')).toBeTruthy();
    expect(server.seen.map((r) => r.url)).toEqual(['/api/admin/kyc?status=pending&limit=25']);
    expect(screen.getByRole('tab', { name: 'Not submitted yet' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('reviewing an identity check', () => {
  it('shows the details, the account, the progress, the history and both documents', async () => {
    const page = renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    expect(await screen.findByRole('heading', { name: 'Nakato Sarah Namubiru', level: 1 })).toBeTruthy();
    const details = section('Details').textContent;
    for (const text of ['May 14, 1990', 'Female', 'Seeta, Goma, Mukono', 'Ugandan National ID', 'CF90012345678A']) {
      expect(details).toContain(text);
    }
    expect(section('Account').textContent).toContain('sarah@example.ug');
    expect(section('Progress').textContent).toContain('100% complete');
    expect(section('History').textContent).toContain('Submitted for review');
    expect(section('Status').textContent).toContain('Waiting for review');
    expect(screen.queryByRole('heading', { name: 'This ID number is on other accounts' })).toBeNull();

    const selfie = await screen.findByRole('img', { name: 'Selfie of Nakato Sarah Namubiru' });
    expect(selfie.getAttribute('src')).toMatch(/^blob:/);
    const pdf = await screen.findByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toMatch(/^blob:/);
    expect(pdf.getAttribute('download')).toBe(`id_document-${USER}.pdf`);
    // The agent who uploaded the selfie for the customer, and who submitted, by name.
    expect(section('Documents').textContent).toContain('Uploaded by Okello John (Agent)');
    expect(section('History').textContent).toContain('by Okello John (Agent)');
    expect(server.seen.map((r) => r.url)).toEqual(
      expect.arrayContaining([`/api/kyc/documents/${ID_DOCUMENT}`, `/api/kyc/documents/${SELFIE}`]),
    );

    const shown = [selfie.getAttribute('src'), pdf.getAttribute('href')];
    page.unmount();
    expect(vi.mocked(URL.revokeObjectURL).mock.calls.map(([url]) => url)).toEqual(expect.arrayContaining(shown));
  });

  it('says when a document could not be loaded, and tries again', async () => {
    documentsFail = true;
    renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    expect(
      await screen.findByText('The selfie could not be loaded. Check your connection and try again.'),
    ).toBeTruthy();
    documentsFail = false;
    const retries = within(section('Documents')).getAllByRole('button', { name: 'Try again' });
    for (const retry of retries) fireEvent.click(retry);
    expect(await screen.findByRole('img', { name: 'Selfie of Nakato Sarah Namubiru' })).toBeTruthy();
  });

  it('warns when the same ID number is on other accounts', async () => {
    check = aCheck({
      sameIdNumber: [{ id: 'other', name: 'Namubiru S.', email: null, phone: '+256701555666' }],
    });
    renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    const heading = await screen.findByRole('heading', { name: 'This ID number is on other accounts' });
    const warning = heading.closest('section')!;
    expect(warning.textContent).toContain('CF90012345678A');
    expect(warning.textContent).toContain('Namubiru S.');
    expect(within(warning).getByRole('link', { name: 'Find this account' }).getAttribute('href')).toBe(
      '/admin/users?q=%2B256701555666',
    );
  });

  it('will not reject without a reason, and sends nothing', async () => {
    renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const reason = screen.getByLabelText('Reason for rejecting (the customer reads it)');
    const error = 'Say why, so the customer can put it right (at least 5 characters).';
    expect(errorOf(reason)).toBe(error);
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: '  abc ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText(error)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('rejects with the reason and shows the new status', async () => {
    renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    fireEvent.change(await screen.findByLabelText('Reason for rejecting (the customer reads it)'), {
      target: { value: '  The selfie is blurred: take it again in daylight. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(section('Status').textContent).toContain('Rejected'));
    expect(posts().map((r) => [r.url, r.body])).toEqual([
      [
        `/api/admin/kyc/${USER}/decision`,
        { decision: 'reject', reason: 'The selfie is blurred: take it again in daylight.' },
      ],
    ]);
    expect(section('Status').textContent).toContain('The selfie is blurred: take it again in daylight.');
    expect(vi.mocked(showToast)).toHaveBeenCalledWith(
      "Nakato Sarah Namubiru's identity check was rejected. They are told why.",
      { kind: 'success' },
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    // The account and the same-ID list, which the decision does not answer with, stay on the page.
    expect(section('Account').textContent).toContain('sarah@example.ug');
  });

  it('approves', async () => {
    renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(section('Status').textContent).toContain('Verified'));
    expect(posts().map((r) => r.body)).toEqual([{ decision: 'approve' }]);
    expect(vi.mocked(showToast)).toHaveBeenCalledWith("Nakato Sarah Namubiru's identity is verified.", {
      kind: 'success',
    });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    // The history comes back with the admin who decided, by name.
    await waitFor(() => expect(section('History').textContent).toMatch(/Verified.*by Grace Namutebi \(Admin\)$/));
  });

  it("shows the server's refusal", async () => {
    decisionReply = {
      status: 409,
      body: {
        error: {
          code: 'id_number_taken',
          message:
            'Another verified account already has this ID number. Reject this check, or find out which account is right.',
        },
      },
    };
    renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Another verified account already has this ID number. Reject this check, or find out which account is right.',
    );
    expect(posts()).toHaveLength(1);
    expect(section('Status').textContent).toContain('Waiting for review');
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', false);
    expect(vi.mocked(showToast)).not.toHaveBeenCalled();
  });

  it('offers no decision once the check is decided', async () => {
    check = aCheck({
      status: 'verified',
      reviewedAt: '2026-03-02T08:00:00.000Z',
      history: [
        { kind: 'submitted', reason: null, at: '2026-03-01T07:15:00.000Z', by: sarah },
        { kind: 'verified', reason: null, at: '2026-03-02T08:00:00.000Z', by: grace },
      ],
    });
    renderPage(KycReviewPage, REVIEW, '/admin/kyc/:userId');
    await waitFor(() => expect(section('Status').textContent).toContain('Verified'));
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
