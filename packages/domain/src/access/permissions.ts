// The one role and permission matrix (spec 1 §6, spec 2 §6, with the readings of DECISIONS.md §2).
// The server enforces it on every route; the web derives its menu, route guards and buttons from it.
import { type Role, ROLES } from './roles.ts';

export const MODULES = [
  'dashboard',
  'leads',
  'clients',
  'contacts',
  'my_tasks',
  'forms',
  'contracts',
  'timesheet',
  'staffing',
  'finance',
  'admin',
  'profile',
] as const;
export type Module = (typeof MODULES)[number];

export const MODULE_LABELS: Record<Module, string> = {
  dashboard: 'Dashboard',
  leads: 'Leads',
  clients: 'Clients',
  contacts: 'Contacts',
  my_tasks: 'My Tasks',
  forms: 'Forms',
  contracts: 'Contract Manager',
  timesheet: 'Timesheet',
  staffing: 'Staffing',
  finance: 'Finance and Sales',
  admin: 'Administration',
  profile: 'Profile',
};

export const ACTIONS = [
  'view',
  'create',
  'edit',
  'delete',
  'delete_permanent',
  'export',
  'view_reports',
  'assign',
  'approve',
  'manage_users',
  'manage_settings',
] as const;
export type Action = (typeof ACTIONS)[number];

export type Permission = `${Module}:${Action}`;

export type ModuleAccess = Record<Role, readonly Module[]>;

const ALL_BUT_GUEST_EXTRAS: readonly Module[] = ['my_tasks', 'forms', 'contracts', 'timesheet'];
const TEAM_MODULES: readonly Module[] = [
  'dashboard',
  'leads',
  'clients',
  'contacts',
  ...ALL_BUT_GUEST_EXTRAS,
  'profile',
];

/** Built-in module access; account_administrator may change it in Roles & Permissions. */
export const DEFAULT_MODULE_ACCESS: ModuleAccess = {
  account_administrator: [...MODULES],
  administrator: [...MODULES],
  supervisor: MODULES.filter((m) => m !== 'admin'),
  team_lead: TEAM_MODULES,
  consultant: TEAM_MODULES,
  member: [...TEAM_MODULES, 'finance'],
  guest: ['dashboard', 'leads', 'clients', 'contacts', 'profile'],
};

export const ROLE_ACTIONS: Record<Role, readonly Action[]> = {
  account_administrator: [...ACTIONS],
  administrator: ACTIONS.filter((a) => a !== 'manage_users' && a !== 'manage_settings' && a !== 'delete_permanent'),
  supervisor: ['view', 'create', 'edit', 'export', 'view_reports', 'assign', 'approve'],
  team_lead: ['view', 'create', 'edit', 'export', 'view_reports', 'assign'],
  consultant: ['view', 'create', 'edit'],
  member: ['view', 'create', 'edit'],
  guest: ['view'],
};

/**
 * Single permissions the spec takes away from a role that otherwise has module and action:
 * lead creation is listed for every creating role except team_lead (spec 1 §2.3, §6.3).
 */
const DENIED: Partial<Record<Role, readonly Permission[]>> = {
  team_lead: ['leads:create'],
};

/**
 * Single permissions DECISIONS.md §2 adds to a role whose actions (spec 1 §6.2) lack them. "Exports are refused
 * for consultant and guest" reads as: every other role that opens Finance and Sales exports its services
 * overview (spec 3 §2: select rows, CSV and Excel), the member too. Only that export: the member's other
 * modules keep view, create and edit, as spec 1 §6.2 lists them (decision 0033).
 */
const GRANTED: Partial<Record<Role, readonly Permission[]>> = {
  member: ['finance:export'],
};

export type RecordScope = 'all' | 'own_or_assigned';

export type RoleRestrictions = {
  /** Which lead/client/contact/service/task rows the role sees (DECISIONS.md §2). */
  scope: RecordScope;
  /** The largest page one list request of this role returns; null = the general maximum. */
  recordLimit: number | null;
  /** The largest page of contacts (guest: 20, spec 2 §6). */
  contactsLimit: number | null;
  requiresApproval: boolean;
};

export const ROLE_RESTRICTIONS: Record<Role, RoleRestrictions> = {
  account_administrator: { scope: 'all', recordLimit: null, contactsLimit: null, requiresApproval: false },
  administrator: { scope: 'all', recordLimit: null, contactsLimit: null, requiresApproval: false },
  supervisor: { scope: 'all', recordLimit: null, contactsLimit: null, requiresApproval: false },
  team_lead: { scope: 'all', recordLimit: 100, contactsLimit: 100, requiresApproval: true },
  consultant: { scope: 'own_or_assigned', recordLimit: 50, contactsLimit: 50, requiresApproval: true },
  member: { scope: 'all', recordLimit: null, contactsLimit: null, requiresApproval: false },
  guest: { scope: 'all', recordLimit: 10, contactsLimit: 20, requiresApproval: false },
};

/** Rows-per-page choices of every paginated list (spec 1 §2.4: 50 or 100, default 50). */
export const PAGE_SIZES = [50, 100] as const;
export const DEFAULT_PAGE_SIZE: number = PAGE_SIZES[0];
/** The general maximum page size for any list request. */
export const MAX_PAGE_SIZE = Math.max(...PAGE_SIZES);

export function parsePermission(permission: Permission): { module: Module; action: Action } {
  const [module, action] = permission.split(':') as [Module, Action];
  return { module, action };
}

export function canOpenModule(role: Role, module: Module, moduleAccess: ModuleAccess = DEFAULT_MODULE_ACCESS): boolean {
  // Profile is every user's own page; the spec gives it to all seven roles and it cannot be taken away.
  if (module === 'profile') return true;
  return moduleAccess[role].includes(module);
}

/** A permission needs module access plus the action (spec 1 §6.2), with the spec's and DECISIONS' exceptions. */
export function can(role: Role, permission: Permission, moduleAccess: ModuleAccess = DEFAULT_MODULE_ACCESS): boolean {
  const { module, action } = parsePermission(permission);
  if (!canOpenModule(role, module, moduleAccess)) return false;
  if ((GRANTED[role] ?? []).includes(permission)) return true;
  if (!ROLE_ACTIONS[role].includes(action)) return false;
  return !(DENIED[role] ?? []).includes(permission);
}

/** Largest page a role may read in one request. */
export function pageSizeLimit(role: Role, kind: 'records' | 'contacts' = 'records'): number {
  const r = ROLE_RESTRICTIONS[role];
  const limit = kind === 'contacts' ? r.contactsLimit : r.recordLimit;
  return Math.min(limit ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
}

/** The page sizes a role may choose: the choices within its limit, or its limit alone (guest: 10). */
export function pageSizeChoices(role: Role, kind: 'records' | 'contacts' = 'records'): readonly number[] {
  const limit = pageSizeLimit(role, kind);
  const within = PAGE_SIZES.filter((n) => n <= limit);
  return within.length > 0 ? within : [limit];
}

/** The page size a list asks for: the one wanted when the role may choose it, else its first choice. */
export function pageSizeFor(role: Role, wanted?: number, kind: 'records' | 'contacts' = 'records'): number {
  const choices = pageSizeChoices(role, kind);
  return wanted !== undefined && choices.includes(wanted) ? wanted : choices[0]!;
}

export function rolesThatCan(permission: Permission, moduleAccess?: ModuleAccess): Role[] {
  return ROLES.filter((role) => can(role, permission, moduleAccess));
}

export function forbiddenMessage(permission: Permission): string {
  const { module, action } = parsePermission(permission);
  const what = MODULE_LABELS[module];
  if (action === 'view') return `Your role does not have access to ${what}.`;
  const verb = action === 'delete_permanent' ? 'permanently delete' : action.replace('_', ' ');
  return `Your role is not allowed to ${verb} in ${what}.`;
}
