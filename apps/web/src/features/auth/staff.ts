import type { StaffRight, StaffRole } from '@ecogrid/core/staff-roles';
import { apiFetch } from '@/lib/api-client.ts';

export type StaffAccess = { staffRole: StaffRole | null; staffRights: StaffRight[] };

/** The signed-in staff member's role and rights (decision 020), for showing only the tools they can open. */
export const staffAccessQuery = {
  queryKey: ['me', 'staff'] as const,
  queryFn: () => apiFetch<StaffAccess>('/api/me'),
  staleTime: 60_000,
};

/** Whether the rights are known and include this one; unknown rights (still loading, an old server) hide nothing. */
export function mayUse(access: Partial<StaffAccess> | undefined, right: StaffRight): boolean {
  return !Array.isArray(access?.staffRights) || access.staffRights.includes(right);
}
