import { sql } from 'drizzle-orm';
import { appWithAdmin } from '../../../test/catalog-admin.ts';
import { loanDeps } from '../../../test/loan-helpers.ts';

/**
 * The app the loan tests run against, with a signed-in admin, made before and closed after the
 * file's tests, and the reads those tests make of what a customer was sent.
 */
export function loanTestApp() {
  const app = appWithAdmin();

  const deps = () => loanDeps(app.ctx);

  const stockOf = async (id: string) =>
    Number(
      (
        (await app.ctx.db.execute(sql`select stock from products where id = ${id}`)) as unknown as {
          rows: { stock: number }[];
        }
      ).rows[0]!.stock,
    );

  async function smsTo(e164: string): Promise<string[]> {
    const result = (await app.ctx.db.execute(
      sql`select body from outbox_messages where channel = 'sms' and recipient = ${e164} order by created_at`,
    )) as unknown as { rows: { body: string }[] };
    return result.rows.map((r) => r.body);
  }

  /** The messages of a user's notifications, oldest first: what reaches the inbox. */
  async function inboxOf(userId: string): Promise<string[]> {
    const result = (await app.ctx.db.execute(
      sql`select message from notifications where user_id = ${userId} order by created_at`,
    )) as unknown as { rows: { message: string }[] };
    return result.rows.map((r) => r.message);
  }

  return { app, deps, stockOf, smsTo, inboxOf };
}
