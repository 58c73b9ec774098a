// Unknown fields are refused, not ignored (issue 26): a body or query with a field the route does not take
// answers 400 naming it ("Unknown field 'applyGst'") instead of a success that quietly did something else.
// The rule lives in one place: every route's zod schema is closed here once, when Fastify compiles the
// route, so no schema in the domain package has to remember `.strict()` and a new route is covered without
// a line of its own. The OpenAPI document is made from the same closed schemas, so it marks objects closed.
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { fieldErrorsFromZod, RequestValidationError, unknownFieldMessage } from './errors.ts';

type Schema = z.core.$ZodType;

const closedOf = new WeakMap<Schema, Schema>();

/**
 * A copy of the schema with the same definition but `changes`, keeping its checks and refinements, and its
 * description and example (kept in zod's registry by schema), which the OpenAPI document shows.
 */
function withDef(schema: Schema, changes: Record<string, unknown>): Schema {
  const copy = z.core.clone(schema, z.core.util.mergeDefs(schema._zod.def, changes) as z.core.$ZodTypeDef);
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}

/**
 * The schema with every object in it closed: an object that does not say what to do with other keys refuses
 * them (a `catchall` it already has, loose or strict, is kept). Wrappers, pipes, arrays, unions, records and
 * tuples are rebuilt around their closed parts; an intersection is left open, since closing each side would
 * refuse the other side's fields (none of the API's schemas is one).
 */
export function closedSchema<T extends Schema>(schema: T): T {
  const known = closedOf.get(schema);
  if (known) return known as T;
  const closed = close(schema);
  closedOf.set(schema, closed);
  return closed as T;
}

function close(schema: Schema): Schema {
  // The parts each kind of schema is built from, read by name (zod's def types differ per kind).
  const def = schema._zod.def as unknown as { type: string; [part: string]: unknown };
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const closedShape = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, closedSchema(field)]));
      return withDef(schema, { shape: closedShape, catchall: def.catchall ?? z.never() });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return withDef(schema, { innerType: closedSchema(def.innerType as Schema) });
    case 'pipe':
      return withDef(schema, { in: closedSchema(def.in as Schema), out: closedSchema(def.out as Schema) });
    case 'array':
      return withDef(schema, { element: closedSchema(def.element as Schema) });
    case 'union':
      return withDef(schema, { options: (def.options as Schema[]).map((option) => closedSchema(option)) });
    case 'record':
      return withDef(schema, { valueType: closedSchema(def.valueType as Schema) });
    case 'tuple':
      return withDef(schema, {
        items: (def.items as Schema[]).map((item) => closedSchema(item)),
        rest: def.rest ? closedSchema(def.rest as Schema) : null,
      });
    case 'lazy': {
      const getter = def.getter as () => Schema;
      return z.lazy(() => closedSchema(getter()));
    }
    default:
      return schema;
  }
}

/** Fastify's validator for the routes' zod schemas: the closed schema parses; its failures are one 400. */
export const closedValidatorCompiler: FastifySchemaCompiler<Schema> = ({ schema }) => {
  const closed = closedSchema(schema);
  return (data) => {
    const result = z.safeParse(closed, data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrorsFromZod(result.error)) };
  };
};

const fieldsOf = (part: unknown): string[] =>
  part !== null && typeof part === 'object' && !Array.isArray(part) ? Object.keys(part) : [];

/**
 * A route with no schema for its query or its body takes none: a field sent there is as unknown as one a
 * schema does not name (a cache-busting `?v=` is declared by the routes that take one).
 */
export function registerClosedInputs(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const schema = request.routeOptions.schema;
    const unknown = [
      ...(schema?.querystring ? [] : fieldsOf(request.query)),
      ...(schema?.body ? [] : fieldsOf(request.body)),
    ];
    if (unknown.length === 0) return;
    throw new RequestValidationError(Object.fromEntries(unknown.map((key) => [key, [unknownFieldMessage(key)]])));
  });
}
