import { describe, expect, it } from 'vitest';
import { displayId, ageInYears } from '../records/display.ts';
import { sanitizePhoneNumber } from '../reference/countries.ts';
import { missingSourceDetail } from './lead-source.ts';
import {
  createLeadSchema,
  LEAD_REQUIRED_FIELDS,
  leadInputSchema,
  leadRequiredFields,
  NEW_LEAD_CONVERTED_MESSAGE,
  normalizeLeadInput,
  updateLeadSchema,
} from './lead.schema.ts';
import {
  activeLeads,
  agreementsInProgress,
  dashboardConversionRate,
  type LeadStatistics,
  leadStatisticsOf,
} from './lead-statistics.ts';
import {
  ACTIVE_LEAD_STATUSES,
  LEAD_STATUSES,
  leadStage,
  leadStatusBadge,
  leadStatusLook,
  normalizeLeadStatus,
} from './lead-status.ts';

const valid = {
  firstName: 'Priya',
  lastName: 'Patel',
  dateOfBirth: '1994-05-17',
  nationality: 'India',
  countryOfResidence: 'Australia',
  email: 'priya.patel@example.com',
  contactNumber: '+61 412 345 678',
  applicantLocation: 'Inside Australia',
  leadStatus: 'New Lead Received',
  leadSource: 'Website',
  managerUserId: '0b7c2c6e-7f1d-4c1e-9a43-3d5f0e2a1b01',
  assistantManagerUserId: '0b7c2c6e-7f1d-4c1e-9a43-3d5f0e2a1b02',
};

const fieldMessages = (input: Record<string, unknown>) => {
  const result = leadInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('lead validation (spec 1 §5.1)', () => {
  it('accepts a complete lead', () => {
    expect(leadInputSchema.safeParse(valid).success).toBe(true);
  });

  it('gives the spec message for each required field', () => {
    const m = fieldMessages({});
    expect(m).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      nationality: 'Nationality is required',
      email: 'Email is required',
      contactNumber: 'Contact number is required',
      leadSource: 'Lead source is required',
      dateOfBirth: 'Date of birth is required',
      countryOfResidence: 'Country of residence is required',
      applicantLocation: 'Applicant location is required',
      leadStatus: 'Lead status is required',
      managerUserId: 'Manager is required',
      assistantManagerUserId: 'Assistant Manager is required',
    });
    expect(fieldMessages({ ...valid, managerUserId: 'someone' }).managerUserId).toBe('Invalid user');
  });

  it('checks email format, name length and digits, contact length, date format', () => {
    expect(fieldMessages({ ...valid, email: 'nope' }).email).toBe('Invalid email format');
    expect(fieldMessages({ ...valid, firstName: 'A' }).firstName).toBe(
      'First name must be 2-50 characters and contain no numbers',
    );
    expect(fieldMessages({ ...valid, lastName: 'P4tel' }).lastName).toBe(
      'Last name must be 2-50 characters and contain no numbers',
    );
    expect(fieldMessages({ ...valid, contactNumber: '1234567' }).contactNumber).toBe(
      'Contact number must be 8-20 characters',
    );
    expect(fieldMessages({ ...valid, contactNumber: '1'.repeat(21) }).contactNumber).toBe(
      'Contact number must be 8-20 characters',
    );
    expect(fieldMessages({ ...valid, dateOfBirth: '1994-02-30' }).dateOfBirth).toBe('Invalid date format');
    expect(fieldMessages({ ...valid, visaExpiryDate: 'soon' }).visaExpiryDate).toBe('Invalid date format');
  });

  it('treats empty optional strings as absent', () => {
    const parsed = leadInputSchema.parse({ ...valid, middleName: '', visaExpiryDate: '', migrationAgentUserId: '' });
    expect(parsed.middleName).toBeUndefined();
    expect(parsed.visaExpiryDate).toBeUndefined();
    expect(parsed.migrationAgentUserId).toBeUndefined();
    // An empty required picker is a missing one.
    expect(fieldMessages({ ...valid, managerUserId: '' }).managerUserId).toBe('Manager is required');
  });

  it('requires the source detail field', () => {
    expect(fieldMessages({ ...valid, leadSource: 'Social Media' }).socialMediaPlatform).toBe(
      'Social Media Platform is required when lead source is Social Media',
    );
    expect(missingSourceDetail({ leadSource: 'Branch Office', branchOffice: '  ' })?.field).toBe('branchOffice');
    expect(missingSourceDetail({ leadSource: 'Branch Office', branchOffice: 'Sydney' })).toBeNull();
    expect(missingSourceDetail({ leadSource: 'Website' })).toBeNull();
  });

  it('says the source detail is missing while other fields are still wrong (the form shows it at once)', () => {
    const result = updateLeadSchema.safeParse({ leadSource: 'Branch Office', branchOffice: '', version: 1 });
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('firstName');
    expect(paths).toContain('branchOffice');
    // Not while the source itself is wrong.
    const badSource = leadInputSchema.safeParse({ ...valid, leadSource: 'Carrier pigeon' });
    expect(badSource.error?.issues.map((i) => i.path.join('.'))).toEqual(['leadSource']);
  });

  it('marks the fields the schema refuses empty, and the detail the source asks for', () => {
    expect([...LEAD_REQUIRED_FIELDS].sort()).toEqual(
      [
        'applicantLocation',
        'assistantManagerUserId',
        'contactNumber',
        'countryOfResidence',
        'dateOfBirth',
        'email',
        'firstName',
        'lastName',
        'leadSource',
        'leadStatus',
        'managerUserId',
        'nationality',
      ].sort(),
    );
    expect(leadRequiredFields({ leadSource: 'Associate Partner' }).has('associatePartner')).toBe(true);
    expect(leadRequiredFields({ leadSource: 'Website' }).has('associatePartner')).toBe(false);
  });

  it('refuses Converted to Client on a new lead', () => {
    const result = createLeadSchema.safeParse({ ...valid, leadStatus: 'Converted to Client' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NEW_LEAD_CONVERTED_MESSAGE);
  });

  it('normalising keeps the visa block only inside Australia and only the source detail of the source', () => {
    const out = normalizeLeadInput(
      leadInputSchema.parse({
        ...valid,
        applicantLocation: 'Outside Australia',
        currentVisaSubclass: 'Student 500',
        branchOffice: 'Sydney',
      }),
    );
    expect(out.currentVisaSubclass).toBeUndefined();
    expect(out.branchOffice).toBeUndefined();
  });
});

describe('lead status', () => {
  it('maps badge styles and unknown statuses', () => {
    expect(leadStatusBadge('Ineligible')).toBe('destructive');
    expect(leadStatusBadge('Not Proceeding / Lost')).toBe('destructive');
    expect(leadStatusBadge('In Screening – Booking Consultation')).toBe('secondary');
    expect(leadStatusBadge('Consultation Only – Not Proceeding Yet')).toBe('secondary');
    expect(leadStatusBadge('Consultation Completed')).toBe('default');
    expect(normalizeLeadStatus('Prospect')).toBe('New Lead Received');
  });

  it('gives each badge style one look: primary, grey outline, deep red', () => {
    expect(leadStatusLook('New Lead Received')).toEqual({ variant: 'filled' });
    expect(leadStatusLook('Converted to Client')).toEqual({ variant: 'filled' });
    expect(leadStatusLook('In Screening – Booking Consultation')).toEqual({ color: 'gray', variant: 'default' });
    expect(leadStatusLook('Not Proceeding / Lost')).toEqual({ color: 'red.9', variant: 'filled' });
  });

  it('places every status in one stage: six active (spec 1 §2.2), converted, two closed', () => {
    expect(ACTIVE_LEAD_STATUSES).toHaveLength(6);
    expect(LEAD_STATUSES.filter((s) => leadStage(s) === 'converted')).toEqual(['Converted to Client']);
    expect(LEAD_STATUSES.filter((s) => leadStage(s) === 'closed')).toEqual(['Ineligible', 'Not Proceeding / Lost']);
    expect(leadStage('Consultation Only – Not Proceeding Yet')).toBe('active');
  });
});

describe('display helpers', () => {
  it('builds LD-/CL- ids from the last 8 characters, uppercased', () => {
    expect(displayId('lead', '3f2a9c1e-7b4d-4e1a-9c2b-0a1b2c3d4e5f')).toBe('LD-2C3D4E5F');
    expect(displayId('client', '3f2a9c1e-7b4d-4e1a-9c2b-0a1b2c3d4e5f')).toBe('CL-2C3D4E5F');
  });
  it('computes age in whole years', () => {
    expect(ageInYears('1994-11-24', '2026-11-23')).toBe(31);
    expect(ageInYears('1994-11-23', '2026-11-23')).toBe(32);
    expect(ageInYears(null, '2026-11-23')).toBeNull();
  });
  it('keeps only digits, spaces, hyphens and parentheses in phone numbers', () => {
    expect(sanitizePhoneNumber('(02) 9000-1234 ext.5')).toBe('(02) 9000-1234 5');
  });
});

describe('dashboard figures (spec 1 §2.2, §9)', () => {
  const stats: LeadStatistics = {
    totalLeads: 80,
    newLeads: 10,
    inScreeningLeads: 8,
    consultationCompletedLeads: 6,
    agreementSentLeads: 4,
    agreementSignedLeads: 2,
    convertedLeads: 20,
    consultationOnlyLeads: 5,
    ineligibleLeads: 3,
    notProceedingLeads: 7,
  };
  it('derives active leads, agreements in progress and the conversion rate', () => {
    expect(activeLeads(stats)).toBe(35);
    expect(agreementsInProgress(stats)).toBe(6);
    expect(dashboardConversionRate(stats)).toBe(20);
    expect(dashboardConversionRate({ ...stats, totalLeads: 0, convertedLeads: 0 })).toBe(0);
  });

  it('counts each status into its figure; total leaves out the converted', () => {
    const counted = leadStatisticsOf(
      new Map([
        ['New Lead Received', 10],
        ['In Screening – Booking Consultation', 8],
        ['Consultation Completed', 6],
        ['Agreement Sent – Awaiting Signature', 4],
        ['Agreement Signed – Awaiting Payment', 2],
        ['Converted to Client', 20],
        ['Consultation Only – Not Proceeding Yet', 5],
        ['Ineligible', 3],
        ['Not Proceeding / Lost', 7],
      ]),
    );
    expect(counted).toEqual({ ...stats, totalLeads: 45 });
    expect(leadStatisticsOf(new Map()).totalLeads).toBe(0);
  });
});
