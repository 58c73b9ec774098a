import { describe, expect, it } from 'vitest';
import { CLIENT_FORM_LAYOUT } from '../clients/client-form-layout.ts';
import { clientFieldsSchema, dependentSchema } from '../clients/client.schema.ts';
import { LEAD_FORM_LAYOUT } from '../leads/lead-form-layout.ts';
import { leadFieldsSchema } from '../leads/lead.schema.ts';
import { isShown, type RecordFormField, type RecordFormLayout, sectionOfField } from './record-form-layout.ts';

const fieldsOf = (fields: readonly RecordFormField[]) => fields.flatMap((f) => ('field' in f ? [f.field] : []));
const layoutFields = (layout: RecordFormLayout) =>
  layout.flatMap((s) => [...fieldsOf(s.fields), ...(s.list ? [s.list.field] : [])]);

describe('record form layouts', () => {
  // The status stands above the sections; every other field of the record is in exactly one section.
  it('the lead form holds every lead field once', () => {
    const fields = layoutFields(LEAD_FORM_LAYOUT);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields, 'leadStatus'].sort()).toEqual(Object.keys(leadFieldsSchema.shape).sort());
  });

  it('the client form holds every client and dependent field once', () => {
    const fields = layoutFields(CLIENT_FORM_LAYOUT);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields, 'status'].sort()).toEqual(Object.keys(clientFieldsSchema.shape).sort());
    const dependents = CLIENT_FORM_LAYOUT.find((s) => s.list)!.list!;
    // A stored entry's id travels with it unseen.
    expect([...fieldsOf(dependents.fields), 'id'].sort()).toEqual(Object.keys(dependentSchema.shape).sort());
  });

  it('finds a field’s section, a dependent’s field in the dependents section', () => {
    expect(sectionOfField(LEAD_FORM_LAYOUT, 'visaExpiryDate')).toBe('visa');
    expect(sectionOfField(CLIENT_FORM_LAYOUT, 'spouseNationality')).toBe('spouse');
    expect(sectionOfField(CLIENT_FORM_LAYOUT, 'dependents.1.firstName')).toBe('dependents');
    expect(sectionOfField(CLIENT_FORM_LAYOUT, 'version')).toBeUndefined();
  });

  it('shows the fields and sections the values ask for', () => {
    const visa = LEAD_FORM_LAYOUT.find((s) => s.section === 'visa')!.fields;
    const shown = (values: Record<string, unknown>) => fieldsOf(visa.filter((f) => isShown(f, values)));
    expect(shown({ applicantLocation: '' })).toEqual(['applicantLocation']);
    expect(shown({ applicantLocation: 'Outside Australia' })).toEqual(['applicantLocation', 'desiredVisa']);
    expect(shown({ applicantLocation: 'Inside Australia' })).toEqual([
      'applicantLocation',
      'desiredVisa',
      'currentVisaSubclass',
      'visaExpiryDate',
    ]);
    const assignment = LEAD_FORM_LAYOUT.find((s) => s.section === 'assignment')!.fields;
    expect(fieldsOf(assignment.filter((f) => isShown(f, { leadSource: 'Social Media' })))).toContain(
      'socialMediaPlatform',
    );
    const sections = (values: Record<string, unknown>) =>
      CLIENT_FORM_LAYOUT.filter((s) => isShown(s, values)).map((s) => s.section);
    expect(sections({ maritalStatus: 'Single', dependents: [] })).not.toContain('spouse');
    expect(sections({ maritalStatus: 'Married', dependents: [{}] })).toEqual(
      expect.arrayContaining(['spouse', 'dependents']),
    );
  });
});
