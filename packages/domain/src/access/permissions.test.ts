import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  can,
  canOpenModule,
  DEFAULT_MODULE_ACCESS,
  forbiddenMessage,
  type Module,
  MODULES,
  type ModuleAccess,
  pageSizeChoices,
  pageSizeFor,
  pageSizeLimit,
  type Permission,
  rolesThatCan,
} from './permissions.ts';
import { isAdminRole, isSupervisorRole, normalizeRole, type Role, ROLE_DESCRIPTIONS, ROLES } from './roles.ts';

const ALL_BUT_GUEST: Role[] = ROLES.filter((r) => r !== 'guest');

/**
 * Who opens each module: the menu of spec 1 §6.1 / spec 2 §6, with the readings of DECISIONS.md §2
 * (administrator enters /admin; finance follows the menu; My Tasks, Forms, Contracts and Timesheet
 * for all roles but guest). Written out by hand so the matrix cannot drift from the spec silently.
 */
const EXPECTED_MODULE_ROLES: Record<Module, Role[]> = {
  dashboard: [...ROLES],
  leads: [...ROLES],
  clients: [...ROLES],
  contacts: [...ROLES],
  profile: [...ROLES],
  contracts: ALL_BUT_GUEST,
  my_tasks: ALL_BUT_GUEST,
  forms: ALL_BUT_GUEST,
  timesheet: ALL_BUT_GUEST,
  staffing: ['account_administrator', 'administrator', 'supervisor'],
  finance: ['account_administrator', 'administrator', 'supervisor', 'member'],
  admin: ['account_administrator', 'administrator'],
};

/** Spec 1 §6.2 with DECISIONS.md §2 (permanent delete is account_administrator's alone). */
const EXPECTED_ACTIONS: Record<Role, Action[]> = {
  account_administrator: [...ACTIONS],
  administrator: ['view', 'create', 'edit', 'delete', 'export', 'view_reports', 'assign', 'approve'],
  supervisor: ['view', 'create', 'edit', 'export', 'view_reports', 'assign', 'approve'],
  team_lead: ['view', 'create', 'edit', 'export', 'view_reports', 'assign'],
  consultant: ['view', 'create', 'edit'],
  member: ['view', 'create', 'edit'],
  guest: ['view'],
};

describe('module access (spec 1 §6.1, DECISIONS.md §2)', () => {
  it.each(MODULES)('%s opens for exactly the roles of the menu', (module) => {
    const roles = ROLES.filter((role) => canOpenModule(role, module));
    expect(roles.sort()).toEqual([...EXPECTED_MODULE_ROLES[module]].sort());
  });

  it('gives each role exactly its menu', () => {
    expect(DEFAULT_MODULE_ACCESS.guest).toEqual(['dashboard', 'leads', 'clients', 'contacts', 'profile']);
    for (const role of ROLES) {
      const expected = MODULES.filter((m) => EXPECTED_MODULE_ROLES[m].includes(role));
      expect([...DEFAULT_MODULE_ACCESS[role]].sort(), role).toEqual([...expected].sort());
    }
  });

  it('uses stored module access when given, but never takes the profile away', () => {
    const noFinanceForMember: ModuleAccess = { ...DEFAULT_MODULE_ACCESS, member: ['dashboard'] };
    expect(canOpenModule('member', 'finance', noFinanceForMember)).toBe(false);
    expect(can('member', 'finance:view', noFinanceForMember)).toBe(false);
    expect(canOpenModule('member', 'dashboard', noFinanceForMember)).toBe(true);
    expect(canOpenModule('member', 'profile', { ...DEFAULT_MODULE_ACCESS, member: [] })).toBe(true);

    const staffingForGuest: ModuleAccess = {
      ...DEFAULT_MODULE_ACCESS,
      guest: [...DEFAULT_MODULE_ACCESS.guest, 'staffing'],
    };
    expect(can('guest', 'staffing:view', staffingForGuest)).toBe(true);
    // Module access never grants an action the role lacks.
    expect(can('guest', 'staffing:edit', staffingForGuest)).toBe(false);
  });
});

describe('actions (spec 1 §6.2)', () => {
  it.each(ROLES)('%s has exactly its actions in a module it opens', (role) => {
    const actions = ACTIONS.filter((action) => can(role, `dashboard:${action}`));
    expect(actions).toEqual(EXPECTED_ACTIONS[role]);
  });

  it('needs module access plus the action for every permission', () => {
    for (const role of ROLES) {
      for (const module of MODULES) {
        for (const action of ACTIONS) {
          const permission: Permission = `${module}:${action}`;
          const expected =
            EXPECTED_MODULE_ROLES[module].includes(role) &&
            (EXPECTED_ACTIONS[role].includes(action) || permission === (role === 'member' ? 'finance:export' : null)) &&
            permission !== (role === 'team_lead' ? 'leads:create' : null);
          expect(can(role, permission), `${role} ${permission}`).toBe(expected);
        }
      }
    }
  });

  it('refuses exports to consultant and guest only: a member exports the Finance services overview (DECISIONS.md §2)', () => {
    expect(rolesThatCan('finance:export')).toEqual(['account_administrator', 'administrator', 'supervisor', 'member']);
    // The grant is that one export: the member's other modules keep spec 1 §6.2's view, create and edit.
    for (const module of MODULES.filter((m) => m !== 'finance')) {
      expect(can('member', `${module}:export`), module).toBe(false);
    }
    expect(can('member', 'finance:delete')).toBe(false);
    for (const role of ['consultant', 'guest'] as const) {
      expect(
        MODULES.filter((module) => can(role, `${module}:export`)),
        role,
      ).toEqual([]);
    }
    // Still behind module access: a member whose Finance is taken away exports nothing.
    expect(can('member', 'finance:export', { ...DEFAULT_MODULE_ACCESS, member: ['dashboard'] })).toBe(false);
  });

  it('lets every creating role but team_lead create leads (spec 1 §6.3)', () => {
    expect(rolesThatCan('leads:create')).toEqual([
      'account_administrator',
      'administrator',
      'supervisor',
      'consultant',
      'member',
    ]);
    expect(can('team_lead', 'leads:create')).toBe(false);
    expect(can('team_lead', 'clients:create')).toBe(true);
    expect(can('team_lead', 'leads:edit')).toBe(true);
  });

  it('never lets the supervisor delete', () => {
    for (const module of MODULES) {
      expect(can('supervisor', `${module}:delete`)).toBe(false);
      expect(can('supervisor', `${module}:delete_permanent`)).toBe(false);
    }
  });

  it('soft delete for the two administrator roles only; delete forever, users and settings for account_administrator only', () => {
    expect(rolesThatCan('leads:delete')).toEqual(['account_administrator', 'administrator']);
    expect(rolesThatCan('clients:delete')).toEqual(['account_administrator', 'administrator']);
    for (const action of ['delete_permanent', 'manage_users', 'manage_settings'] as const) {
      for (const module of MODULES) {
        expect(rolesThatCan(`${module}:${action}`), `${module}:${action}`).toEqual(['account_administrator']);
      }
    }
  });

  it('refuses exports to consultant and guest (DECISIONS.md §2)', () => {
    expect(rolesThatCan('leads:export')).toEqual(['account_administrator', 'administrator', 'supervisor', 'team_lead']);
  });

  it('lets a guest view but never change anything', () => {
    for (const module of ['dashboard', 'leads', 'clients', 'contacts'] as const) {
      expect(can('guest', `${module}:view`)).toBe(true);
      for (const action of ACTIONS.filter((a) => a !== 'view')) expect(can('guest', `${module}:${action}`)).toBe(false);
    }
  });
});

describe('roles', () => {
  it('treats an unknown role as member (spec 1 §1)', () => {
    for (const value of ['superuser', '', null, undefined, 42, 'Guest', 'ADMINISTRATOR']) {
      expect(normalizeRole(value)).toBe('member');
    }
    for (const role of ROLES) expect(normalizeRole(role)).toBe(role);
    const unknown = normalizeRole('sales_intern');
    expect(can(unknown, 'finance:view')).toBe(true);
    expect(can(unknown, 'staffing:view')).toBe(false);
    expect(can(unknown, 'leads:delete')).toBe(false);
  });

  it('isAdmin: the two administrators; isSupervisor: those, supervisor and team_lead (spec 1 §6.3)', () => {
    expect(ROLES.filter(isAdminRole)).toEqual(['account_administrator', 'administrator']);
    expect(ROLES.filter(isSupervisorRole)).toEqual([
      'account_administrator',
      'administrator',
      'supervisor',
      'team_lead',
    ]);
  });
});

describe('page size limits (spec 1 §6.3, spec 2 §6, DECISIONS.md §2)', () => {
  it('caps a list request by role', () => {
    expect(pageSizeLimit('consultant')).toBe(50);
    expect(pageSizeLimit('team_lead')).toBe(100);
    expect(pageSizeLimit('guest')).toBe(10);
    for (const role of ['account_administrator', 'administrator', 'supervisor', 'member'] as const) {
      expect(pageSizeLimit(role)).toBe(100);
    }
  });

  it('gives guest 20 contacts, the others their record limit', () => {
    expect(pageSizeLimit('guest', 'contacts')).toBe(20);
    expect(pageSizeLimit('consultant', 'contacts')).toBe(50);
    expect(pageSizeLimit('team_lead', 'contacts')).toBe(100);
    expect(pageSizeLimit('member', 'contacts')).toBe(100);
  });

  it('offers the page sizes within the limit, or the limit alone', () => {
    expect(pageSizeChoices('administrator')).toEqual([50, 100]);
    expect(pageSizeChoices('consultant')).toEqual([50]);
    expect(pageSizeChoices('guest')).toEqual([10]);
    expect(pageSizeChoices('guest', 'contacts')).toEqual([20]);
  });

  it('keeps a wanted page size only when the role may choose it', () => {
    expect(pageSizeFor('administrator')).toBe(50);
    expect(pageSizeFor('administrator', 100)).toBe(100);
    expect(pageSizeFor('administrator', 73)).toBe(50);
    expect(pageSizeFor('consultant', 100)).toBe(50);
    expect(pageSizeFor('guest', 50)).toBe(10);
    expect(pageSizeFor('team_lead', undefined, 'contacts')).toBe(50);
  });
});

describe('forbidden messages', () => {
  it('names the module, or the action in it', () => {
    expect(forbiddenMessage('finance:view')).toBe('Your role does not have access to Finance and Sales.');
    expect(forbiddenMessage('leads:create')).toBe('Your role is not allowed to create in Leads.');
    expect(forbiddenMessage('admin:manage_users')).toBe('Your role is not allowed to manage users in Administration.');
    expect(forbiddenMessage('leads:delete_permanent')).toBe('Your role is not allowed to permanently delete in Leads.');
    expect(forbiddenMessage('finance:view_reports')).toBe(
      'Your role is not allowed to view reports in Finance and Sales.',
    );
  });
});

describe('role descriptions (spec 1 §6.3, spec 2 §6)', () => {
  it("name consultant's and guest's list limits in the spec's words, the limits the lists apply", () => {
    expect(ROLE_DESCRIPTIONS.consultant).toBe('Own and assigned records only; cannot export, limit 50');
    expect(ROLE_DESCRIPTIONS.guest).toBe('Read-only access to Dashboard, Leads and Clients, Contacts; limit 10');
    expect(ROLE_DESCRIPTIONS.consultant).toContain(`limit ${pageSizeLimit('consultant')}`);
    expect(ROLE_DESCRIPTIONS.guest).toContain(`limit ${pageSizeLimit('guest')}`);
  });
});
