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
