import type { LoanPlan } from './api.ts';

const key = (productId: string) => `ecogrid-loan-plan:${productId}`;

/**
 * The plan last chosen for a product on its page, so checkout starts from it. Kept in local
 * storage: checkout is often reached in another tab or another day (a sign-in link opened from
 * the mail, the phone closing the browser, the installed app), where session storage is empty.
 * Private mode or a full storage simply forgets it.
 */
export function rememberPlan(productId: string, planId: string): void {
  try {
    localStorage.setItem(key(productId), planId);
  } catch {
    // Not kept: checkout asks again.
  }
}

/** The plan to start from: the one chosen on the product page if still offered, or the only one offered. */
export function startingPlan(productId: string, plans: LoanPlan[]): string | null {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(key(productId));
  } catch {
    remembered = null;
  }
  if (remembered && plans.some((plan) => plan.id === remembered)) return remembered;
  return plans.length === 1 ? plans[0]!.id : null;
}
