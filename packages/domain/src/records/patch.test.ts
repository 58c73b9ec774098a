import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLIENT_EXAMPLE, clientInputSchema, clientPatchSchema } from '../clients/client.schema.ts';
import { LEAD_EXAMPLE, leadInputSchema, leadPatchSchema } from '../leads/lead.schema.ts';
import { profilePatchSchema } from '../profile/profile.schema.ts';
import { mergePatch, patchSchemaOf, wholeFormPatch } from './patch.ts';

const leadFields = Object.keys(leadInputSchema.shape);

describe('patchSchemaOf', () => {
  it('takes one field and the version; the version is required', () => {
    expect(leadPatchSchema.parse({ leadStatus: 'Ineligible', version: 3 })).toEqual({
      leadStatus: 'Ineligible',
      version: 3,
    });
    expect(leadPatchSchema.safeParse({ leadStatus: 'Ineligible' }).success).toBe(false);
    expect(profilePatchSchema.parse({ firstName: 'Ann', version: 1 })).toEqual({ firstName: 'Ann', version: 1 });
  });

  it('keeps each field its own checks and messages', () => {
    const result = leadPatchSchema.safeParse({ firstName: 'R2D2', email: 'nope', version: 1 });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', 'First name must be 2-50 characters and contain no numbers'],
      ['email', 'Invalid email format'],
    ]);
  });

  it('applies no default to a field not sent, and keeps the key of a field sent empty', () => {
    const patch = clientPatchSchema.parse({ middleName: '', company: null, version: 2 });
    expect(patch).not.toHaveProperty('numberOfDependents');
    expect(patch).not.toHaveProperty('status');
    expect(patch).not.toHaveProperty('dependents');
    // '' is read as nothing by the field; the key says it was sent, which mergePatch relies on.
    expect(Object.hasOwn(patch, 'middleName')).toBe(true);
    expect(patch.middleName).toBeUndefined();
    expect(patch.company).toBeNull();
  });

  it('documents every field as optional and only the version as required', () => {
    const json = z.toJSONSchema(patchSchemaOf(z.object({ a: z.string(), b: z.number().default(1) })), {
      io: 'input',
    });
    expect(json.required).toEqual(['version']);
  });
});

describe('mergePatch', () => {
  const stored = { ...LEAD_EXAMPLE, middleName: 'Kaur', associatePartner: null, id: 'x', version: 4 };

  it('puts the fields sent over the stored ones and drops what is no form field', () => {
    expect(mergePatch(leadFields, stored, { leadStatus: 'Ineligible', version: 4 })).toEqual({
      ...LEAD_EXAMPLE,
      middleName: 'Kaur',
      leadStatus: 'Ineligible',
    });
  });

  it('clears a field sent as null or as empty, and leaves stored nulls out', () => {
    const merged = mergePatch(leadFields, stored, { middleName: null, gender: undefined, version: 4 });
    expect(merged).not.toHaveProperty('middleName');
    expect(merged).not.toHaveProperty('gender');
    expect(merged).not.toHaveProperty('associatePartner');
  });

  it('gives a record that the full schema checks, cross-field rules included', () => {
    const merged = mergePatch(leadFields, stored, { leadSource: 'Social Media', version: 4 });
    const result = leadInputSchema.safeParse(merged);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['socialMediaPlatform']);
    const spouseless = mergePatch(Object.keys(clientInputSchema.shape), CLIENT_EXAMPLE, { spouseLastName: null });
    expect(clientInputSchema.safeParse(spouseless).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'spouseLastName',
    ]);
  });
});

describe('wholeFormPatch', () => {
  it('sends every field, empty ones as null', () => {
    expect(wholeFormPatch(['a', 'b', 'version'], { a: 'x', b: undefined, version: 1 })).toEqual({
      a: 'x',
      b: null,
      version: 1,
    });
  });
});
