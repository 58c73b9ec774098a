// Audit rows in words (issue 29): records by name or number, roles and statuses by label, the spec's actions
// in the filter and their colours, and never an id or JSON.
import { describe, expect, it } from 'vitest';
import { auditActionColor, auditActionOptions, SPEC_AUDIT_ACTIONS } from './audit-log.ts';
import { type AuditNameOf, auditChanges, auditReferences, auditResourceText } from './audit-words.ts';

const MARIA = '7b0f6c1e-2f1d-4c55-9a0e-1d2c3b4a5f60';
const INVOICE = '11111111-2222-4333-8444-555555555555';
const GONE = '99999999-2222-4333-8444-555555555555';
const PAYMENT = '22222222-2222-4333-8444-555555555555';
const names: Record<string, string> = {
  [`user:${MARIA}`]: 'Maria Santos',
  [`client:${MARIA}`]: 'Maria Santos',
  [`invoice:${INVOICE}`]: 'INV-2026-0042',
};
const nameOf: AuditNameOf = ({ kind, id }) => names[`${kind}:${id}`] ?? null;

describe('auditChanges', () => {
  it("shows a user's status and role changes by their labels", () => {
    expect(
      auditChanges(
        { resourceType: 'USER', oldValues: { status: 'active' }, newValues: { status: 'suspended' } },
        nameOf,
      ),
    ).toEqual([{ field: 'status', label: 'Status', from: 'Active', to: 'Suspended' }]);
    expect(
      auditChanges({ resourceType: 'USER', oldValues: { role: 'member' }, newValues: { role: 'team_lead' } }, nameOf),
    ).toEqual([{ field: 'role', label: 'Role', from: 'Member', to: 'Team Lead' }]);
  });

  it('names invoices, people and records, and leaves ids that name nothing out', () => {
    const changes = auditChanges(
      {
        resourceType: 'SERVICE',
        oldValues: null,
        newValues: {
          invoiceId: INVOICE,
          managerUserId: MARIA,
          clientId: MARIA,
          leadId: GONE,
          paymentId: PAYMENT,
          isHidden: false,
          dependents: [{ id: PAYMENT, firstName: 'Leo', lastName: 'Santos', relationship: 'Child' }],
        },
      },
      nameOf,
    );
    expect(changes.map((c) => [c.label, c.to])).toEqual([
      ['Client', 'Maria Santos (CL-3B4A5F60)'],
      ['Dependents', 'Leo Santos (child)'],
      ['Invoice', 'INV-2026-0042'],
      ['Is Hidden', 'No'],
      // A lead deleted for ever: the short id its banner had.
      ['Lead', 'LD-55555555'],
      ['Manager', 'Maria Santos'],
    ]);
    expect(JSON.stringify(changes)).not.toContain(PAYMENT);
    expect(JSON.stringify(changes)).not.toContain(INVOICE);
  });

  it("labels an invoice's state", () => {
    expect(
      auditChanges({ resourceType: 'INVOICE', oldValues: { state: 'drafts' }, newValues: { state: 'paid' } }, nameOf),
    ).toEqual([{ field: 'state', label: 'State', from: 'Draft', to: 'Paid' }]);
  });

  it('says a person deleted for ever is gone rather than show their id', () => {
    expect(auditChanges({ resourceType: 'LEAD', oldValues: {}, newValues: { managerUserId: GONE } }, nameOf)).toEqual([
      { field: 'managerUserId', label: 'Manager', from: null, to: 'Deleted user' },
    ]);
  });
});

describe('auditResourceText and auditReferences', () => {
  it('names the resource in words: a record, a role, a settings key; an unknown id not at all', () => {
    expect(auditResourceText({ resourceType: 'USER', resourceId: MARIA }, nameOf)).toBe('Maria Santos');
    expect(auditResourceText({ resourceType: 'INVOICE', resourceId: INVOICE }, nameOf)).toBe('INV-2026-0042');
    expect(auditResourceText({ resourceType: 'ROLE', resourceId: 'team_lead' }, nameOf)).toBe('Team Lead');
    expect(auditResourceText({ resourceType: 'SYSTEM_SETTINGS', resourceId: 'branding' }, nameOf)).toBe('branding');
    expect(auditResourceText({ resourceType: 'TIMESHEET_ENTRY', resourceId: PAYMENT }, nameOf)).toBeNull();
    expect(auditResourceText({ resourceType: 'SYSTEM', resourceId: null }, nameOf)).toBeNull();
  });

  it('collects the resource and every referenced record for one lookup', () => {
    expect(
      auditReferences({
        resourceType: 'USER',
        resourceId: MARIA,
        oldValues: { managerUserId: GONE },
        newValues: { invoiceId: INVOICE, paymentId: PAYMENT },
      }),
    ).toEqual([
      { kind: 'user', id: MARIA },
      { kind: 'user', id: GONE },
      { kind: 'invoice', id: INVOICE },
    ]);
  });
});

describe("the spec's audit actions", () => {
  it('are always offered by the filter, with the other actions the log holds, A to Z', () => {
    const options = auditActionOptions(['SIGN_IN', 'UPDATE_USER_STATUS', 'CREATE_LEAD']);
    expect(options).toEqual([...options].sort());
    expect(options).toEqual(expect.arrayContaining([...SPEC_AUDIT_ACTIONS, 'SIGN_IN', 'CREATE_LEAD']));
    expect(new Set(options).size).toBe(options.length);
  });

  it('take the spec colours: delete red, create or invite green, update yellow, otherwise blue', () => {
    expect(auditActionColor('DELETE_USER')).toBe('red');
    expect(auditActionColor('PURGE_LEAD')).toBe('red');
    expect(auditActionColor('INVITE_USER')).toBe('green');
    expect(auditActionColor('CREATE_LEAD')).toBe('green');
    expect(auditActionColor('UPDATE_USER_STATUS')).toBe('amber');
    expect(auditActionColor('UPDATE_USER_ROLE')).toBe('amber');
    expect(auditActionColor('SIGN_IN')).toBe('blue');
    expect(auditActionColor('RESTORE_LEAD')).toBe('blue');
    expect(auditActionColor('SIGN_IN_FAILED')).toBe('red');
  });
});
