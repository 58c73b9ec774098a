// The seven staff roles, highest first, with the levels of spec 1 §1.
export const ROLES = [
  'account_administrator',
  'administrator',
  'supervisor',
  'team_lead',
  'consultant',
  'member',
  'guest',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_LEVELS: Record<Role, number> = {
  account_administrator: 7,
  administrator: 6,
  supervisor: 5,
  team_lead: 4,
  consultant: 3,
  member: 2,
  guest: 1,
};

export const ROLE_LABELS: Record<Role, string> = {
  account_administrator: 'Account Administrator',
  administrator: 'Administrator',
  supervisor: 'Supervisor',
  team_lead: 'Team Lead',
  consultant: 'Consultant',
  member: 'Member',
  guest: 'Guest',
};

/**
 * Shown on the Roles screen and in the user dialogs. Consultant's and guest's name their list limits in spec 2
 * §6's words ("cannot export, limit 50", "read-only, limit 10"), the page sizes of ROLE_RESTRICTIONS.
 */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  account_administrator: 'Full access including administration and user management',
  administrator: 'Advanced access with management capabilities',
  supervisor: 'Sees all records; cannot delete or manage users and settings',
  team_lead: 'Team access: view, create, edit, export, reports and assignment',
  consultant: 'Own and assigned records only; cannot export, limit 50',
  member: 'Standard access including finance; view, create and edit; exports the services overview',
  guest: 'Read-only access to Dashboard, Leads and Clients, Contacts; limit 10',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Spec 1 §1: an unknown role is treated as member. */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'member';
}

export function roleLevel(role: Role): number {
  return ROLE_LEVELS[role];
}

/** Spec 1 §6.3: isAdmin covers the two administrator roles. */
export function isAdminRole(role: Role): boolean {
  return role === 'account_administrator' || role === 'administrator';
}

/** Spec 1 §6.3: isSupervisor covers the administrators, supervisor and team_lead. */
export function isSupervisorRole(role: Role): boolean {
  return roleLevel(role) >= ROLE_LEVELS.team_lead;
}

/** Whether the role ranks at or above another (supervisor and above, …). */
export function roleAtLeast(role: Role, other: Role): boolean {
  return roleLevel(role) >= roleLevel(other);
}
