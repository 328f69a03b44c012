import { sql } from 'drizzle-orm';
import type { Client } from '../../../test/catalog-admin.ts';
import type { TestContext } from '../../../test/test-app.ts';

export const FAULT = {
  category: 'device_fault',
  subject: 'Lamp does not charge',
  description: 'Since Monday the battery light stays red and the lamp goes off at night.',
};

/** Opens a ticket as this caller (a customer, or an agent for `customerId`), expecting it made. */
export async function opened(api: Client, body: Record<string, unknown> = FAULT, customerId?: string) {
  const path = customerId ? `/api/agent/customers/${customerId}/support/tickets` : '/api/support/tickets';
  const answer = await api.post(path, body);
  if (answer.status !== 201) throw new Error(`open: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string; number: string };
}

type Rows<T> = { rows: T[] };

/** What a user was told: their notifications' titles, messages and data, oldest first. */
export async function noticesOf(ctx: TestContext, userId: string) {
  const result = (await ctx.db.execute(
    sql`select type, title, message, data from notifications where user_id = ${userId} order by created_at`,
  )) as unknown as Rows<{ type: string; title: string; message: string; data: Record<string, unknown> }>;
  return result.rows;
}

/** The SMS queued for a user's phone, oldest first. */
export async function textsTo(ctx: TestContext, userId: string) {
  const result = (await ctx.db.execute(
    sql`select o.body from outbox_messages o join users u on u.phone_number = o.recipient
        where o.channel = 'sms' and u.id = ${userId} order by o.created_at`,
  )) as unknown as Rows<{ body: string }>;
  return result.rows.map((r) => r.body);
}

/** Moves a resolved ticket's resolution back in time, as if it had been resolved `days` ago. */
export async function resolvedDaysAgo(ctx: TestContext, id: string, days: number) {
  await ctx.db.execute(sql`
    update support_tickets set resolved_at = now() - make_interval(days => ${days}),
      reopen_until = now() - make_interval(days => ${days}) + interval '14 days'
    where id = ${id}`);
}
