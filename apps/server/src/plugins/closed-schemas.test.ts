import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invoiceInputSchema, serviceInputSchema, SERVICE_EXAMPLE } from '@crm/domain';
import { closedSchema } from './closed-schemas.ts';
import { fieldErrorsFromZod } from './errors.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = closedSchema(schema).safeParse(value);
  return result.success ? null : fieldErrorsFromZod(result.error);
};

describe('closedSchema', () => {
  it('refuses an unknown field at any depth, naming it at its own path', () => {
    const schema = z.object({
      name: z.string(),
      lines: z.array(z.object({ amount: z.string() })).optional(),
      owner: z.object({ id: z.string() }).nullable(),
    });
    expect(errorsOf(schema, { name: 'a', owner: null })).toBeNull();
    expect(errorsOf(schema, { name: 'a', owner: null, applyGst: false })).toEqual({
      applyGst: ["Unknown field 'applyGst'"],
    });
    expect(
      errorsOf(schema, { name: 'a', owner: { id: 'x', type: 'task' }, lines: [{ amount: '1', colour: 'red' }] }),
    ).toEqual({
      'owner.type': ["Unknown field 'type'"],
      'lines.0.colour': ["Unknown field 'colour'"],
    });
  });

  it('keeps refinements, transforms, defaults, preprocessing and unions as they were', () => {
    const schema = z
      .object({ a: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()), n: z.number().default(1) })
      .superRefine((v, ctx) => {
        if (v.a === 'bad') ctx.addIssue({ code: 'custom', path: ['a'], message: 'No' });
      })
      .transform((v) => ({ ...v, seen: true }));
    expect(closedSchema(schema).parse({ a: '' })).toEqual({ a: undefined, n: 1, seen: true });
    expect(errorsOf(schema, { a: 'bad' })).toEqual({ a: ['No'] });
    expect(errorsOf(schema, { a: 'ok', b: 1 })).toEqual({ b: ["Unknown field 'b'"] });

    const union = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('refund'), date: z.string() }),
      z.object({ kind: z.literal('credit') }),
    ]);
    expect(errorsOf(union, { kind: 'credit' })).toBeNull();
    expect(errorsOf(union, { kind: 'credit', date: 'x' })).toEqual({ date: ["Unknown field 'date'"] });
  });

  it("names a field sent as '__proto__' like any other", () => {
    expect(errorsOf(z.object({ a: z.string() }), JSON.parse('{"a":"x","__proto__":1}'))).toEqual(
      JSON.parse(`{"__proto__":["Unknown field '__proto__'"]}`),
    );
  });

  it('keeps an object that says what to do with other keys', () => {
    expect(errorsOf(z.looseObject({ a: z.string() }), { a: 'x', b: 1 })).toBeNull();
    expect(errorsOf(z.object({ a: z.string() }).catchall(z.number()), { a: 'x', b: 1 })).toBeNull();
  });

  it('takes the domain schemas as the forms send them, and keeps their example for the API document', () => {
    expect(errorsOf(serviceInputSchema, SERVICE_EXAMPLE)).toBeNull();
    expect(errorsOf(serviceInputSchema, { ...SERVICE_EXAMPLE, colour: 'red' })).toEqual({
      colour: ["Unknown field 'colour'"],
    });
    expect(z.globalRegistry.get(closedSchema(invoiceInputSchema))?.example).toEqual(
      z.globalRegistry.get(invoiceInputSchema)?.example,
    );
  });

  it('closes a schema once: the same schema gives the same closed copy', () => {
    expect(closedSchema(serviceInputSchema)).toBe(closedSchema(serviceInputSchema));
  });
});
