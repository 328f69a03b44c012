import type { Ticket, TicketSummary } from './api.ts';

/** A ticket as the API lists it; each test changes what it is about. */
export const aTicketSummary = (changes: Partial<TicketSummary> = {}): TicketSummary => ({
  id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876',
  number: 'TKT-100042',
  category: 'device_fault',
  subject: 'Lamp does not charge',
  status: 'open',
  customer: { id: 'u-nakato', name: 'Nakato Sarah' },
  openedBy: { id: 'u-nakato', name: 'Nakato Sarah', role: 'customer' },
  assignee: null,
  about: { type: 'loan', id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', number: 'LN-000042', deviceSerial: 'SK-0001' },
  createdAt: '2026-11-25T07:00:00.000Z',
  updatedAt: '2026-11-25T07:00:00.000Z',
  firstResponseAt: null,
  resolvedAt: null,
  reopenUntil: null,
  ...changes,
});

/** A ticket whole, as its page reads it. */
export const aTicket = (changes: Partial<Ticket> = {}): Ticket => ({
  ...aTicketSummary(),
  description: 'The battery light stays red.',
  outcome: null,
  quoteAmount: null,
  swapSerial: null,
  warranty: { deviceSerial: 'SK-0001', warrantyUntil: '2028-11-01', underWarranty: true },
  photos: [],
  messages: [
    {
      id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a',
      kind: 'reply',
      role: 'customer',
      author: { id: 'u-nakato', name: 'Nakato Sarah' },
      body: 'The battery light stays red.',
      createdAt: '2026-11-25T07:00:00.000Z',
    },
  ],
  ...changes,
});
