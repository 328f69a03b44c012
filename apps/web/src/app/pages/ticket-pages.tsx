/**
 * The support ticket pages, one chunk for their five routes (and one place in the first download
 * that names it): a customer's list, opening one and one ticket, and staff's queue and ticket.
 */
export { default as MyTicketsPage } from '@/features/support/my-tickets-page.tsx';
export { default as NewTicketPage } from '@/features/support/new-ticket-page.tsx';
export { default as TicketPage } from '@/features/support/ticket-page.tsx';
export { default as SupportQueuePage } from '@/features/support/admin/queue-page.tsx';
export { default as AdminTicketPage } from '@/features/support/admin/ticket-page.tsx';
