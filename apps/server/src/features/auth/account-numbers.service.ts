import { accountNumberValid } from '@ecogrid/core/paybill';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';

/** The customer whose paybill account number this is (a number failing its check digit finds no one). */
export async function customerByAccountNumber(db: Database | Tx, accountNumber: string) {
  if (!accountNumberValid(accountNumber)) return null;
  const [row] = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.accountNumber, accountNumber), eq(users.userType, 'customer')));
  return row ?? null;
}

/** Customers as an admin placing a paybill receipt finds them: name, phone and account number, by id. */
export async function customerCards(db: Database | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.fullName, phone: users.phoneNumber, accountNumber: users.accountNumber })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.userType, 'customer')))
    .orderBy(users.fullName);
}

/** Account numbers by user id, for receipts, statements and the staff screens that name customers. */
export async function accountNumbersOf(db: Database | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, accountNumber: users.accountNumber })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.accountNumber]));
}
