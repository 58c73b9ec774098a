import { describe, expect, it } from 'vitest';
import {
  CLIENT_STATUSES,
  CLIENT_STATUS_LOOKS,
  canRevertConversion,
  clientStatusLabel,
  clientStatusLook,
  reversionDeadline,
} from './client-status.ts';
import {
  clientInputSchema,
  clientRequiredFields,
  CLIENT_RULE_MESSAGES,
  normalizeClientInput,
  resizeDependents,
} from './client.schema.ts';
import { passportStatus, visaStatus } from './document-status.ts';

const base = {
  firstName: 'Maria',
  lastName: 'Santos',
  email: 'maria@example.com',
  contactNumber: '+63 917 555 0101',
};

function messages(input: Record<string, unknown>) {
  const result = clientInputSchema.safeParse({ ...base, ...input });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('client conditional rules (spec 1 §5.2)', () => {
  it('inside Australia needs a current visa that is not None', () => {
    expect(messages({ applicantLocation: 'Inside Australia' })).toContain(CLIENT_RULE_MESSAGES.currentVisa);
    expect(messages({ applicantLocation: 'Inside Australia', currentVisaSubclass: 'None' })).toContain(
      CLIENT_RULE_MESSAGES.currentVisa,
    );
  });

  it('inside Australia with a substantive visa needs its expiry; Other and Bridging do not', () => {
    expect(messages({ applicantLocation: 'Inside Australia', currentVisaSubclass: 'Student 500' })).toContain(
      CLIENT_RULE_MESSAGES.visaExpiry,
    );
    expect(messages({ applicantLocation: 'Inside Australia', currentVisaSubclass: 'Other' })).toEqual([]);
    expect(messages({ applicantLocation: 'Inside Australia', currentVisaSubclass: 'Bridging A (010)' })).toEqual([]);
    expect(
      messages({
        applicantLocation: 'Inside Australia',
        currentVisaSubclass: 'Student 500',
        visaExpiryDate: '2027-03-01',
      }),
    ).toEqual([]);
  });

  it('outside Australia needs a desired visa', () => {
    expect(messages({ applicantLocation: 'Outside Australia' })).toContain(CLIENT_RULE_MESSAGES.desiredVisa);
    expect(messages({ applicantLocation: 'Outside Australia', desiredVisa: 'Skilled Independent 189' })).toEqual([]);
  });

  it('Married or De Facto needs spouse first name, last name and nationality', () => {
    for (const maritalStatus of ['Married', 'De Facto']) {
      const m = messages({ maritalStatus });
      expect(m).toContain(CLIENT_RULE_MESSAGES.spouseFirstName);
      expect(m).toContain(CLIENT_RULE_MESSAGES.spouseLastName);
      expect(m).toContain(CLIENT_RULE_MESSAGES.spouseNationality);
    }
    expect(messages({ maritalStatus: 'Single' })).toEqual([]);
  });

  it('each dependent up to the count needs first name, last name, nationality and relationship', () => {
    const m = messages({ numberOfDependents: '1', dependents: [{}] });
    expect(m).toEqual(
      expect.arrayContaining([
        CLIENT_RULE_MESSAGES.dependentFirstName,
        CLIENT_RULE_MESSAGES.dependentLastName,
        CLIENT_RULE_MESSAGES.dependentNationality,
        CLIENT_RULE_MESSAGES.dependentRelationship,
      ]),
    );
    expect(
      messages({
        numberOfDependents: '1',
        dependents: [{ firstName: 'Ana', lastName: 'Santos', nationality: 'Philippines', relationship: 'Child' }],
      }),
    ).toEqual([]);
  });

  it('the source needs its detail field', () => {
    expect(messages({ leadSource: 'Social Media' })).toContain(
      'Social Media Platform is required when lead source is Social Media',
    );
    expect(messages({ leadSource: 'Branch Office' })).toContain(
      'Branch Office is required when lead source is Branch Office',
    );
    expect(messages({ leadSource: 'Associate Partner' })).toContain(
      'Associate Partner is required when lead source is Associate Partner',
    );
  });

  it('names the fields the form marks required, by the same conditions', () => {
    const always = ['contactNumber', 'email', 'firstName', 'lastName', 'numberOfDependents', 'status'];
    const required = (values: Parameters<typeof clientRequiredFields>[0]) =>
      [...clientRequiredFields(values)].filter((f) => !always.includes(f) && f !== 'dependents').sort();
    expect(required({})).toEqual([]);
    expect(required({ applicantLocation: 'Outside Australia' })).toEqual(['desiredVisa']);
    expect(required({ applicantLocation: 'Inside Australia', currentVisaSubclass: 'Bridging A (010)' })).toEqual([
      'currentVisaSubclass',
    ]);
    expect(required({ applicantLocation: 'Inside Australia', currentVisaSubclass: 'TSS 482' })).toEqual([
      'currentVisaSubclass',
      'visaExpiryDate',
    ]);
    expect(required({ maritalStatus: 'De Facto', leadSource: 'Branch Office' })).toEqual([
      'branchOffice',
      'spouseFirstName',
      'spouseLastName',
      'spouseNationality',
    ]);
    expect(required({ numberOfDependents: '1', dependents: [{}] })).toEqual([
      'dependents.0.firstName',
      'dependents.0.lastName',
      'dependents.0.nationality',
      'dependents.0.relationship',
    ]);
  });

  it('normalising drops spouse fields without a spouse and dependents beyond the count', () => {
    const parsed = clientInputSchema.parse({
      ...base,
      maritalStatus: 'Single',
      spouseFirstName: 'X',
      numberOfDependents: '0',
    });
    const out = normalizeClientInput({ ...parsed, dependents: [{ firstName: 'A' }] });
    expect(out.spouseFirstName).toBeUndefined();
    expect(out.dependents).toEqual([]);
  });
});

describe('dependents list follows numberOfDependents', () => {
  it('grows with blank Child entries and shrinks from the end', () => {
    const grown = resizeDependents([{ firstName: 'A' }], '3');
    expect(grown).toHaveLength(3);
    expect(grown[0]).toEqual({ firstName: 'A' });
    expect(grown[2]).toEqual({ relationship: 'Child' });
    expect(resizeDependents(grown, '1')).toEqual([{ firstName: 'A' }]);
    expect(resizeDependents(grown, '5+')).toHaveLength(5);
    expect(resizeDependents(grown, '0')).toEqual([]);
  });
});

describe('passport and visa status (spec 1 §2.6)', () => {
  const today = '2026-11-23';
  it('derives N/A, Expired, Expiring Soon (180 days) and Valid', () => {
    expect(passportStatus(null, today)).toBe('N/A');
    expect(passportStatus('2026-11-22', today)).toBe('Expired');
    expect(passportStatus('2026-11-23', today)).toBe('Expiring Soon');
    expect(passportStatus('2027-05-22', today)).toBe('Expiring Soon');
    expect(passportStatus('2027-05-23', today)).toBe('Valid');
  });
  it('uses 30 days for visas', () => {
    expect(visaStatus('2026-12-23', today)).toBe('Expiring Soon');
    expect(visaStatus('2026-12-24', today)).toBe('Valid');
  });
});

describe('reversion window', () => {
  it('allows Revert to Lead for less than 30 days after conversion', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(canRevertConversion('2026-11-01T00:00:00Z', now)).toBe(true);
    expect(canRevertConversion('2026-10-24T00:00:00Z', now)).toBe(false);
    expect(canRevertConversion(null, now)).toBe(false);
  });

  it('ends 30 days after the conversion, to the millisecond', () => {
    const deadline = reversionDeadline('2026-11-01T09:30:00Z');
    expect(deadline?.toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(canRevertConversion('2026-11-01T09:30:00Z', new Date(deadline!.getTime() - 1))).toBe(true);
    expect(canRevertConversion('2026-11-01T09:30:00Z', deadline!)).toBe(false);
    expect(reversionDeadline(null)).toBeNull();
  });
});

describe('client status badge', () => {
  it('gives every status one look; an empty status looks and reads as Active', () => {
    expect(Object.keys(CLIENT_STATUS_LOOKS).sort()).toEqual([...CLIENT_STATUSES].sort());
    expect(clientStatusLabel('')).toBe('Active');
    expect(clientStatusLook(null)).toEqual(CLIENT_STATUS_LOOKS.Active);
    expect(clientStatusLook('Visa - Active')).toEqual({ color: '#15803d', variant: 'filled' });
    expect(clientStatusLook('Something new')).toEqual({ color: '#334155', variant: 'filled' });
  });
});
