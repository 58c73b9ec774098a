// The hide / unhide, soft delete, restore and permanent delete routes of one record type, declared once so
// every type answers alike. Access follows the module's permissions: edit hides, delete deletes and restores,
// delete_permanent deletes for good.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Module, reasonSchema } from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import type { RecordLifecycle } from './record-lifecycle.ts';

/** The action's optional reason; a missing body counts as no reason (the spec's default applies). */
export const reasonBody = (fallback: string) => z.preprocess((v) => v ?? {}, reasonSchema(fallback)).optional();
export const reasonOf = (body: { reason: string } | undefined, fallback: string) => body?.reason ?? fallback;

export type LifecycleRoutesOptions = {
  /** The collection's URL ('/api/leads'); the routes hang off `${path}/:id`. */
  path: string;
  module: Module;
  /** The record in the summaries ('lead'). */
  noun: string;
  tags: string[];
  params: z.ZodObject<{ id: z.ZodString }>;
  response: z.ZodObject<{ ok: z.ZodLiteral<true>; message: z.ZodString }>;
  reasonDefaults: { hide: string; unhide: string; delete: string };
  messages: { hidden: string; unhidden: string; deleted: string; restored: string; permanentlyDeleted: string };
  /** What else a permanent delete does or keeps differs per type, so its summary is the type's own. */
  permanentDeleteSummary: string;
  lifecycle: RecordLifecycle;
};

export function registerLifecycleRoutes(instance: FastifyInstance, options: LifecycleRoutesOptions): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { path, module, noun, tags, params, reasonDefaults, messages, lifecycle } = options;
  const response = { 200: options.response };
  const done = (message: string) => ({ ok: true as const, message });

  app.delete(
    `${path}/:id`,
    {
      config: { access: { permission: `${module}:delete` } },
      schema: {
        tags,
        summary: `Soft delete to Deleted Items (reason defaults to '${reasonDefaults.delete}')`,
        params,
        body: reasonBody(reasonDefaults.delete),
        response,
      },
    },
    async (request) => {
      const reason = reasonOf(request.body, reasonDefaults.delete);
      await lifecycle.softDelete(app.db, await actorOf(request), request.params.id, reason);
      return done(messages.deleted);
    },
  );

  const visibility = [
    {
      hidden: true,
      action: 'hide',
      summary: `Hide the ${noun} from the list unless 'Show Hidden' is on`,
      reasonDefault: reasonDefaults.hide,
      message: messages.hidden,
    },
    {
      hidden: false,
      action: 'unhide',
      summary: `Show a hidden ${noun} again`,
      reasonDefault: reasonDefaults.unhide,
      message: messages.unhidden,
    },
  ];
  for (const { hidden, action, summary, reasonDefault, message } of visibility) {
    app.post(
      `${path}/:id/${action}`,
      {
        config: { access: { permission: `${module}:edit` } },
        schema: {
          tags,
          summary: `${summary} (reason defaults to '${reasonDefault}')`,
          params,
          body: reasonBody(reasonDefault),
          response,
        },
      },
      async (request) => {
        const reason = reasonOf(request.body, reasonDefault);
        await lifecycle.setHidden(app.db, await actorOf(request), request.params.id, hidden, reason);
        return done(message);
      },
    );
  }

  app.post(
    `${path}/:id/restore`,
    {
      config: { access: { permission: `${module}:delete` } },
      schema: { tags, summary: `Restore a soft-deleted ${noun} (Deleted Items)`, params, response },
    },
    async (request) => {
      await lifecycle.restore(app.db, await actorOf(request), request.params.id);
      return done(messages.restored);
    },
  );

  app.delete(
    `${path}/:id/permanent`,
    {
      config: { access: { permission: `${module}:delete_permanent` } },
      schema: { tags, summary: options.permanentDeleteSummary, params, response },
    },
    async (request) => {
      await lifecycle.permanentlyDelete(app.db, await actorOf(request), request.params.id, app.storage);
      return done(messages.permanentlyDeleted);
    },
  );
}
