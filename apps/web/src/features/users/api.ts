import type { UserType } from '@ecogrid/core/roles';
import type { StaffRole } from '@ecogrid/core/staff-roles';
import type { AdminUser } from '@ecogrid/core/users';
import { type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { pages, type Page } from '@/lib/paged-query.ts';

export { USER_TYPES, type UserType } from '@ecogrid/core/roles';

export type { AdminUser } from '@ecogrid/core/users';
export { ROLE_RIGHTS, STAFF_ROLES, type StaffRole } from '@ecogrid/core/staff-roles';

export const usersQuery = (q: string) =>
  pages<AdminUser>(['admin', 'users', { q }], '/api/admin/users', { q: q || undefined });

/** A change an admin makes to someone's account; each answers with the account as it is now. */
export type UserAction =
  | { kind: 'role'; userType: UserType }
  | { kind: 'staffRole'; staffRole: StaffRole }
  | { kind: 'approveAgent'; agentCode: string; commissionRateBp: number }
  | { kind: 'deactivate' }
  | { kind: 'reactivate' }
  | { kind: 'resetMfa' };

const actionRequest = (action: UserAction): { method: 'PATCH' | 'POST'; path: string; body: object } => {
  switch (action.kind) {
    case 'role':
      return { method: 'PATCH', path: 'role', body: { userType: action.userType } };
    case 'staffRole':
      return { method: 'PATCH', path: 'staff-role', body: { staffRole: action.staffRole } };
    case 'approveAgent':
      return {
        method: 'POST',
        path: 'approve-agent',
        body: { agentCode: action.agentCode, commissionRateBp: action.commissionRateBp },
      };
    case 'deactivate':
      return { method: 'POST', path: 'deactivate', body: {} };
    case 'reactivate':
      return { method: 'POST', path: 'reactivate', body: {} };
    case 'resetMfa':
      return { method: 'POST', path: 'reset-mfa', body: {} };
  }
};

export function runUserAction(userId: string, action: UserAction): Promise<AdminUser> {
  const { method, path, body } = actionRequest(action);
  return apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Puts the changed account in every cached page of the user list, wherever it appears. */
export function replaceCachedUser(queryClient: QueryClient, updated: AdminUser): void {
  queryClient.setQueriesData<InfiniteData<Page<AdminUser>>>({ queryKey: ['admin', 'users'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((user) => (user.id === updated.id ? updated : user)),
          })),
        }
      : data,
  );
}
