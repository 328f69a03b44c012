export const USER_TYPES = ['customer', 'agent', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Admin-only routes require user_type equal to admin (spec section 5). */
export function isAdmin(userType: string | null | undefined): boolean {
  return userType === 'admin';
}
