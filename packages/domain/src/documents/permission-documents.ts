// The two built-in documents written from the permission matrix (issue 15 item 8): the access matrix and
// the role comparison. Their text is computed from the module access in force (Roles & Permissions) each
// time they are read, so the library never disagrees with what the server enforces.
import {
  type Action,
  ACTIONS,
  can,
  canOpenModule,
  MODULE_LABELS,
  type ModuleAccess,
  MODULES,
  pageSizeLimit,
  ROLE_ACTIONS,
  ROLE_RESTRICTIONS,
} from '../access/permissions.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from '../access/roles.ts';

/** The built-in documents whose content is generated, by their key. */
export const GENERATED_DOCUMENTS = ['access_matrix', 'role_comparison'] as const;
export type GeneratedDocument = (typeof GENERATED_DOCUMENTS)[number];

export const isGeneratedDocument = (key: string | null): key is GeneratedDocument =>
  key !== null && (GENERATED_DOCUMENTS as readonly string[]).includes(key);

const ACTION_LABELS: Record<Action, string> = {
  view: 'View',
  create: 'Create',
  edit: 'Edit',
  delete: 'Delete',
  delete_permanent: 'Delete forever',
  export: 'Export',
  view_reports: 'Reports',
  assign: 'Assign',
  approve: 'Approve',
  manage_users: 'Manage users',
  manage_settings: 'Manage settings',
};

const GENERATED_NOTE =
  '_Generated from the live permission matrix each time it is opened: a change saved in Administration → Roles & Permissions shows here at once._';

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

/** What a role may do in a module: 'Full', 'No access', or the actions it has. */
export function moduleAccessCell(role: (typeof ROLES)[number], module: (typeof MODULES)[number], access: ModuleAccess) {
  if (!canOpenModule(role, module, access)) return 'No access';
  const allowed = ACTIONS.filter((action) => can(role, `${module}:${action}`, access));
  if (allowed.length === ACTIONS.length) return 'Full';
  return allowed.map((action) => ACTION_LABELS[action]).join(', ');
}

export function accessMatrixContent(access: ModuleAccess): string {
  return [
    '# Access Matrix',
    GENERATED_NOTE,
    'Each cell names what the role may do in the module. The server checks every request against this matrix; the menus and buttons only mirror it.',
    table(
      ['Module', ...ROLES.map((role) => ROLE_LABELS[role])],
      MODULES.map((module) => [MODULE_LABELS[module], ...ROLES.map((role) => moduleAccessCell(role, module, access))]),
    ),
    '## Notes',
    [
      '- Profile is every user’s own page and stays open to every role.',
      '- Team Lead may not create leads (spec 1 §2.3), even where the matrix gives it Create elsewhere.',
      '- Member exports the Finance and Sales services overview: exports are refused only to Consultant and Guest.',
      '- Consultants see only the leads, clients, contacts, services and tasks they created or are assigned to.',
      '- Deleting forever, managing users and changing settings belong to the Account Administrator.',
    ].join('\n'),
  ].join('\n\n');
}

export function roleComparisonContent(access: ModuleAccess): string {
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  const canAnywhere = (role: (typeof ROLES)[number], action: Action) =>
    MODULES.some((module) => module !== 'profile' && can(role, `${module}:${action}`, access));
  const summary = table(
    ['Role', 'Modules', 'Records seen', 'Largest page', 'Delete', 'Export', 'Manage users', 'Manage settings'],
    ROLES.map((role) => [
      ROLE_LABELS[role],
      String(MODULES.filter((module) => canOpenModule(role, module, access)).length),
      ROLE_RESTRICTIONS[role].scope === 'all' ? 'All' : 'Own and assigned',
      String(pageSizeLimit(role)),
      yesNo(canAnywhere(role, 'delete')),
      yesNo(canAnywhere(role, 'export')),
      yesNo(canAnywhere(role, 'manage_users')),
      yesNo(canAnywhere(role, 'manage_settings')),
    ]),
  );
  const roles = ROLES.map((role) =>
    [
      `## ${ROLE_LABELS[role]}`,
      ROLE_DESCRIPTIONS[role] + '.',
      `- Modules: ${
        MODULES.filter((module) => canOpenModule(role, module, access))
          .map((module) => MODULE_LABELS[module])
          .join(', ') || 'none'
      }`,
      `- Actions: ${ROLE_ACTIONS[role].map((action) => ACTION_LABELS[action]).join(', ')}`,
      `- Timesheet entries need approval: ${yesNo(ROLE_RESTRICTIONS[role].requiresApproval)}`,
    ].join('\n'),
  );
  return ['# Role Comparison', GENERATED_NOTE, summary, ...roles].join('\n\n');
}

export function generatedDocumentContent(key: GeneratedDocument, access: ModuleAccess): string {
  return key === 'access_matrix' ? accessMatrixContent(access) : roleComparisonContent(access);
}
