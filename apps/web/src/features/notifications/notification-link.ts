import type { NotificationItem } from '@ecogrid/core/notifications';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idIn = (value: unknown) => (typeof value === 'string' && uuid.test(value) ? value : null);

/**
 * Where a notification opens, from its type and data, with the words of its link; null when it
 * names nothing the reader can open (an agent's news of a customer's order carries the
 * customer's id: that order is not the agent's to open).
 */
export function notificationLink(n: Pick<NotificationItem, 'type' | 'data'>): { to: string; label: string } | null {
  if (n.data.customerId !== undefined) return null;
  if (n.data.forStaff === true) {
    const staff = staffLink(n.data);
    if (staff) return staff;
  }
  if (n.type === 'order_update') {
    // The agent who brings an order paid on delivery opens their deliveries; admins, the order.
    if (n.data.forCollector === true) return { to: '/agent/deliveries', label: 'notifications.openDeliveries' };
    const id = idIn(n.data.id);
    if (!id) return null;
    return n.data.forStaff === true
      ? { to: `/admin/orders/${id}`, label: 'notifications.openOrder' }
      : { to: `/my-orders/${id}`, label: 'notifications.openOrder' };
  }
  if (n.type === 'loan_reminder' || n.type === 'loan_update') {
    const id = idIn(n.data.loanId);
    return id ? { to: `/customer/loan/${id}`, label: 'notifications.openLoan' } : null;
  }
  if (n.type === 'payment_update') {
    const purpose = n.data.purpose;
    return purpose === 'wallet_topup' || purpose === 'payout'
      ? { to: '/customer/wallet', label: 'notifications.openWallet' }
      : null;
  }
  if (n.type === 'kyc_update') return { to: '/kyc', label: 'notifications.openKyc' };
  if (n.type === 'support') {
    const id = idIn(n.data.ticketId);
    if (!id) return null;
    // Staff open the ticket in the queue's page; its customer on their own.
    const to = n.data.forStaff === true ? `/admin/support/${id}` : `/support/tickets/${id}`;
    return { to, label: 'notifications.openTicket' };
  }
  return null;
}

/** A user's id as the auth library makes them (letters, digits, dashes), or null. */
const userIdIn = (value: unknown) => (typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : null);

/** What staff are told of opens the admin page it names: the check, the loan, the agent, the jobs. */
function staffLink(data: Record<string, unknown>): { to: string; label: string } | null {
  const kyc = userIdIn(data.kycUserId);
  if (kyc) return { to: `/admin/kyc/${kyc}`, label: 'notifications.openKycReview' };
  const loan = idIn(data.loanId);
  if (loan) return { to: `/admin/loans/${loan}`, label: 'notifications.openLoan' };
  const agent = userIdIn(data.agentId);
  if (agent) return { to: `/admin/agents/${agent}`, label: 'notifications.openAgent' };
  if (typeof data.jobId === 'string') return { to: '/admin/jobs', label: 'notifications.openJobs' };
  if (typeof data.diagnosticRunId === 'string') {
    const run = idIn(data.diagnosticRunId);
    return { to: run ? `/system-testing?run=${run}` : '/system-testing', label: 'notifications.openDiagnostics' };
  }
  return null;
}
