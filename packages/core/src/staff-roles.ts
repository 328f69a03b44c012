/**
 * Staff roles and their rights (decision 020). Every staff account has user_type 'admin' and one
 * of these roles; each admin API names the one right it needs, and a role either holds it or not.
 */
export const STAFF_ROLES = ['admin', 'support', 'credit_officer', 'finance', 'operations', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Areas of the back office; most have a read right and a change right. */
export const STAFF_RIGHTS = [
  'customers.read',
  'customers.change',
  'catalog.read',
  'catalog.change',
  'orders.read',
  'orders.change',
  'payments.read',
  'payments.change',
  'credit.read',
  'credit.change',
  'write_offs.change',
  'kyc.read',
  'kyc.change',
  'agents.read',
  'agents.change',
  'support.read',
  'support.change',
  'reports.read',
  'system.read',
  'system.change',
  'audit.read',
  'staff.manage',
] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

const READS = STAFF_RIGHTS.filter((right) => right.endsWith('.read'));

/** What each role may do. The full admin holds every right; the auditor reads everything and changes nothing. */
export const ROLE_RIGHTS: Record<StaffRole, readonly StaffRight[]> = {
  admin: STAFF_RIGHTS,
  support: ['customers.read', 'catalog.read', 'orders.read', 'support.read', 'support.change', 'kyc.read'],
  credit_officer: [
    'customers.read',
    'catalog.read',
    'orders.read',
    'credit.read',
    'credit.change',
    'kyc.read',
    'kyc.change',
    'reports.read',
  ],
  finance: [
    'customers.read',
    'orders.read',
    'payments.read',
    'payments.change',
    'credit.read',
    'write_offs.change',
    'agents.read',
    'reports.read',
  ],
  operations: [
    'customers.read',
    'catalog.read',
    'catalog.change',
    'orders.read',
    'orders.change',
    'agents.read',
    'agents.change',
    'support.read',
  ],
  auditor: READS,
};

/** Whether a role holds a right; no role (not staff) holds none. */
export function roleHasRight(role: StaffRole | null | undefined, right: StaffRight): boolean {
  return role ? ROLE_RIGHTS[role].includes(right) : false;
}

/** The roles that hold a right, for messages and the OpenAPI description. */
export function rolesWithRight(right: StaffRight): StaffRole[] {
  return STAFF_ROLES.filter((role) => ROLE_RIGHTS[role].includes(right));
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The role of an account: staff (user_type admin) not yet given a narrower role are full admins. */
export function staffRoleOf(
  userType: string | null | undefined,
  staffRole: string | null | undefined,
): StaffRole | null {
  if (userType !== 'admin') return null;
  return isStaffRole(staffRole) ? staffRole : 'admin';
}

/** The money above which a refund or a write-off needs a second staff member's approval, by default. */
export const DEFAULT_FOUR_EYES_THRESHOLD = 500_000;
