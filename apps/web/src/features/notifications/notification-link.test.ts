import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link.ts';

const TICKET = '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';

describe('where a support notice opens', () => {
  it('opens the customer’s own ticket page, and for staff the ticket in the queue', () => {
    expect(notificationLink({ type: 'support', data: { ticketId: TICKET } })).toEqual({
      to: `/support/tickets/${TICKET}`,
      label: 'notifications.openTicket',
    });
    expect(notificationLink({ type: 'support', data: { ticketId: TICKET, forStaff: true } })).toEqual({
      to: `/admin/support/${TICKET}`,
      label: 'notifications.openTicket',
    });
  });

  it('opens nothing for a ticket id that is not one', () => {
    expect(notificationLink({ type: 'support', data: { ticketId: '../admin' } })).toBeNull();
    expect(notificationLink({ type: 'support', data: {} })).toBeNull();
  });
});

describe('where an order notice opens', () => {
  it('opens the customer’s order, the order for staff, and the deliveries for the agent who brings it', () => {
    expect(notificationLink({ type: 'order_update', data: { id: TICKET } })).toEqual({
      to: `/my-orders/${TICKET}`,
      label: 'notifications.openOrder',
    });
    expect(notificationLink({ type: 'order_update', data: { id: TICKET, forStaff: true } })).toEqual({
      to: `/admin/orders/${TICKET}`,
      label: 'notifications.openOrder',
    });
    expect(notificationLink({ type: 'order_update', data: { id: TICKET, forCollector: true } })).toEqual({
      to: '/agent/deliveries',
      label: 'notifications.openDeliveries',
    });
    // An agent's news of a customer's order names the customer: nothing of theirs to open.
    expect(notificationLink({ type: 'order_update', data: { id: TICKET, customerId: 'c1' } })).toBeNull();
  });
});

describe('where a staff notice opens', () => {
  it('opens the identity check, the loan, the agent, the jobs or the system check run it names, for staff only', () => {
    const staff = (data: Record<string, unknown>) =>
      notificationLink({ type: 'account', data: { ...data, forStaff: true } });
    expect(staff({ kycUserId: 'u_12AB' })).toEqual({ to: '/admin/kyc/u_12AB', label: 'notifications.openKycReview' });
    expect(notificationLink({ type: 'loan_update', data: { loanId: TICKET, forStaff: true } })).toEqual({
      to: `/admin/loans/${TICKET}`,
      label: 'notifications.openLoan',
    });
    expect(staff({ agentId: 'a-7' })).toEqual({ to: '/admin/agents/a-7', label: 'notifications.openAgent' });
    expect(staff({ jobId: 'j1', queue: 'deliver-email' })).toEqual({
      to: '/admin/jobs',
      label: 'notifications.openJobs',
    });
    expect(staff({ diagnosticRunId: TICKET, check: 'smtp' })).toEqual({
      to: `/system-testing?run=${TICKET}`,
      label: 'notifications.openDiagnostics',
    });
    // An id that is not one opens nothing; without forStaff, a customer's loan notice opens their own loan.
    expect(staff({ kycUserId: '../../admin' })).toBeNull();
    expect(notificationLink({ type: 'loan_update', data: { loanId: TICKET } })).toEqual({
      to: `/customer/loan/${TICKET}`,
      label: 'notifications.openLoan',
    });
  });
});
