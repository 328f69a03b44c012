import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { servedCustomer as servedFor } from '../../../test/agent-helpers.ts';
import { appWithAdmin, signedInAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { FAULT, noticesOf, opened, resolvedDaysAgo } from './ticket-test-setup.ts';

const app = appWithAdmin();

const servedCustomer = () => servedFor(app.ctx, app.admin.api);

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

describe('who sees which tickets', () => {
  it('shows a customer only their own tickets, and another’s is not found', async () => {
    const mine = await signedInCustomer(app.ctx);
    const other = await signedInCustomer(app.ctx);
    const ticket = await opened(mine.api);
    expect(ticket.number).toMatch(/^TKT-\d{6,}$/);
    const theirs = await opened(other.api, { ...FAULT, category: 'payment' });

    const list = await mine.api.get('/api/support/tickets');
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([ticket.id]);
    const read = await mine.api.get(`/api/support/tickets/${ticket.id}`);
    expect(read.body).toMatchObject({
      status: 'open',
      category: 'device_fault',
      openedBy: { id: mine.id, role: 'customer' },
      messages: [{ kind: 'reply', role: 'customer', body: FAULT.description }],
    });
    expect((await mine.api.get(`/api/support/tickets/${theirs.id}`)).status).toBe(404);
    expect((await mine.api.post(`/api/support/tickets/${theirs.id}/messages`, { body: 'Hi' })).status).toBe(404);
  });

  it('lets an agent open, read and write on tickets of the customers they serve, and no others', async () => {
    const { customer, agent } = await servedCustomer();
    const stranger = await signedInCustomer(app.ctx);
    const ticket = await opened(agent.api, FAULT, customer.id);
    const strangers = await opened(stranger.api);

    const list = await agent.api.get('/api/agent/support/tickets');
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([ticket.id]);
    expect(list.body.items[0]).toMatchObject({
      customer: { id: customer.id },
      openedBy: { id: agent.id, role: 'agent' },
    });
    expect((await agent.api.get(`/api/agent/support/tickets/${strangers.id}`)).status).toBe(404);
    const wrote = await agent.api.post(`/api/agent/support/tickets/${ticket.id}/messages`, { body: 'Photo sent.' });
    expect(wrote.status).toBe(200);
    expect(ids((await customer.api.get('/api/support/tickets')).body)).toEqual([ticket.id]);

    const refused = await agent.api.post(`/api/agent/customers/${stranger.id}/support/tickets`, FAULT);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('consent_required');
    expect((await customer.api.get('/api/agent/support/tickets')).status).toBe(403);
  });

  it('shows staff every ticket in the queue, filtered, and keeps staff notes from the customer', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api, { ...FAULT, category: 'delivery' });
    const queue = await app.admin.api.get('/api/admin/support/tickets?status=open&category=delivery&assignee=none');
    expect(queue.status).toBe(200);
    expect(ids(queue.body)).toContain(ticket.id);
    const payment = await app.admin.api.get('/api/admin/support/tickets?category=payment');
    expect(ids(payment.body)).not.toContain(ticket.id);

    const note = await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/messages`, {
      kind: 'note',
      body: 'Courier says delivered.',
    });
    expect(note.status).toBe(200);
    expect(note.body.firstResponseAt).toBeNull();
    const seen = await customer.api.get(`/api/support/tickets/${ticket.id}`);
    expect(seen.body.messages.map((m: { kind: string }) => m.kind)).toEqual(['reply']);
    expect((await customer.api.get('/api/admin/support/tickets')).status).toBe(403);
    expect((await app.admin.api.get('/api/admin/support/tickets?status=closed')).status).toBe(400);
  });

  it('refuses a loan or order that is not the customer’s, and a ticket about both', async () => {
    const customer = await signedInCustomer(app.ctx);
    const loan = await customer.api.post('/api/support/tickets', { ...FAULT, loanId: randomUUID() });
    expect(loan.status).toBe(404);
    const order = await customer.api.post('/api/support/tickets', { ...FAULT, orderId: randomUUID() });
    expect(order.status).toBe(404);
    const both = await customer.api.post('/api/support/tickets', {
      ...FAULT,
      loanId: randomUUID(),
      orderId: randomUUID(),
    });
    expect(both.status).toBe(400);
    expect((await customer.api.post('/api/support/tickets', { ...FAULT, category: 'toaster' })).status).toBe(400);
    expect((await customer.api.post('/api/support/tickets', FAULT, null)).status).toBe(400);
  });
});

describe('working a ticket', () => {
  it('assigns, answers and asks for information, telling the customer each time, and the reply reopens it', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api, { ...FAULT, category: 'account' });
    const other = await signedInAdmin(app.ctx);
    const assigned = await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/assignee`, {
      assigneeId: other.id,
    });
    expect(assigned.body.assignee).toMatchObject({ id: other.id });
    const notStaff = await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/assignee`, {
      assigneeId: customer.id,
    });
    expect(notStaff.status).toBe(422);
    expect(notStaff.body.error.code).toBe('assignee_not_staff');

    const asked = await other.api.post(`/api/admin/support/tickets/${ticket.id}/messages`, {
      kind: 'info_request',
      body: 'Which phone number did you sign up with?',
    });
    expect(asked.body).toMatchObject({ status: 'waiting_on_customer' });
    expect(asked.body.firstResponseAt).not.toBeNull();
    const replied = await customer.api.post(`/api/support/tickets/${ticket.id}/messages`, { body: '0772 000 000' });
    expect(replied.body.status).toBe('open');
    await other.api.post(`/api/admin/support/tickets/${ticket.id}/messages`, { kind: 'reply', body: 'Fixed.' });

    const notices = await noticesOf(app.ctx, customer.id);
    expect(notices.map((n) => n.type)).toEqual(['support', 'support']);
    expect(notices[0]!.message).toContain(ticket.number);
    expect(notices[0]!.title).toBe('Support needs more information');
    expect(notices[1]!.title).toBe('Support replied');
    expect(notices[1]!.data).toEqual({ ticketId: ticket.id });

    // Staff heard of it: the admins of the new ticket (the assignee signed up after it), then
    // only its assignee of the customer's reply.
    const staffNotices = async (id: string) =>
      (await noticesOf(app.ctx, id)).filter((n) => (n.data as { ticketId?: string }).ticketId === ticket.id);
    const toAdmin = await staffNotices(app.admin.id);
    expect(toAdmin.map((n) => n.title)).toEqual(['New support ticket']);
    expect(toAdmin[0]!.message).toBe(`Ticket ${ticket.number} is waiting in the support queue: ${FAULT.subject}`);
    expect((await staffNotices(other.id)).map((n) => n.title)).toEqual(['Customer replied']);
  });

  it('lets the customer reopen within 14 days of the resolution, and refuses after', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api, { ...FAULT, category: 'other' });
    const resolve = () =>
      app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/resolution`, { outcome: 'answer', body: 'Done.' });
    const resolved = await resolve();
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', outcome: 'answer' });
    expect((await noticesOf(app.ctx, customer.id)).at(-1)!.title).toBe('Ticket resolved');
    const closed = await customer.api.post(`/api/support/tickets/${ticket.id}/messages`, { body: 'Still broken' });
    expect(closed.status).toBe(409);

    await resolvedDaysAgo(app.ctx, ticket.id, 13);
    const reopened = await customer.api.post(`/api/support/tickets/${ticket.id}/reopen`, { body: 'Still broken' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', resolvedAt: null, reopenUntil: null });
    expect((await customer.api.post(`/api/support/tickets/${ticket.id}/reopen`, { body: 'x' })).status).toBe(409);

    expect((await resolve()).status).toBe(200);
    await resolvedDaysAgo(app.ctx, ticket.id, 15);
    const late = await customer.api.post(`/api/support/tickets/${ticket.id}/reopen`, { body: 'Again' });
    expect(late.status).toBe(422);
    expect(late.body.error.code).toBe('reopen_window_closed');
  });

  it('refuses a repair, swap or quote on a ticket that is not a device fault', async () => {
    const customer = await signedInCustomer(app.ctx);
    const ticket = await opened(customer.api, { ...FAULT, category: 'payment' });
    const refused = await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/resolution`, {
      outcome: 'repair',
      body: 'Repaired.',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('outcome_not_allowed');
    const noAmount = await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/resolution`, {
      outcome: 'quote',
      body: 'Costs money.',
    });
    expect(noAmount.status).toBe(400);
  });
});

describe('ways to reach support', () => {
  it('answers anyone with the settings, none when unset', async () => {
    const answer = await app.ctx.request('/api/support/contacts');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ phone: null, ussdCode: null });
  });
});

describe('support staff', () => {
  it('names the admins a ticket can go to, and the caller', async () => {
    const staff = await app.admin.api.get('/api/admin/support/staff');
    expect(staff.status).toBe(200);
    expect(staff.body.me).toBe(app.admin.id);
    expect(staff.body.staff.map((s: { id: string }) => s.id)).toContain(app.admin.id);
  });
});
