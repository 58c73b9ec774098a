// Tasks and notes: a record's list and summary (/api/leads/{id}/tasks, /api/clients/{id}/tasks, …/task-summary),
// one entry (/api/tasks/{id}), and the signed-in user's My Tasks, counts and reminders (spec 2 "Tasks & Notes
// panel", "My Tasks page", "Task Reminders panel"; issue 12).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myTaskCountsSchema,
  myTasksPageSchema,
  myTasksQuerySchema,
  TASK_MESSAGES,
  type TaskEntityType,
  taskInputSchema,
  taskPatchSchema,
  taskRecordSchema,
  taskRemindersSchema,
  taskSummarySchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { notifyTaskAssigned } from './task-assigned-mail.ts';
import {
  addTask,
  countMyTasks,
  deleteTask,
  listMyTasks,
  listTasksOf,
  readTask,
  remindersOf,
  type TaskAssigned,
  taskSummaryOf,
  updateTask,
} from './tasks.service.ts';

const recordParams = z.object({ id: z.string().describe('Lead or client id (uuid)') });
const taskParams = z.object({ id: z.string().describe('Task or note id (uuid)') });

const RECORDS: { type: TaskEntityType; base: string; module: 'leads' | 'clients' }[] = [
  { type: 'lead', base: '/api/leads/:id', module: 'leads' },
  { type: 'client', base: '/api/clients/:id', module: 'clients' },
];

export async function tasksRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['tasks'];
  // Someone else gave a user a task: the user hears of it once the answer has gone.
  const assigned = (a: TaskAssigned | null) => {
    if (a) app.afterResponse.run('task assigned alert', () => notifyTaskAssigned(app.db, a));
  };

  for (const { type, base, module } of RECORDS) {
    app.get(
      `${base}/tasks`,
      {
        config: { access: { permission: `${module}:view` } },
        schema: {
          tags,
          summary: `The ${type}'s tasks and notes, newest first (at most 50)`,
          description: `404 when the ${type} does not exist or is not visible to the user.`,
          params: recordParams,
          response: { 200: z.array(taskRecordSchema) },
        },
      },
      async (request) => listTasksOf(app.db, await actorOf(request), { type, id: request.params.id }),
    );

    app.post(
      `${base}/tasks`,
      {
        config: { access: { permission: `${module}:edit` } },
        schema: {
          tags,
          summary: `Add a task or a note to the ${type}`,
          description:
            "The 'Notes' type, or no task name, saves a note (its task fields are left empty). Content is HTML; the " +
            'server keeps paragraphs, line breaks, bold, italic, underline, lists, headings, div and span (class and ' +
            'style), removes everything else and cuts it at 50,000 characters. The assignee must be an active user. ' +
            `409 when the ${type} is read-only (a converted lead, a Reverted client).`,
          params: recordParams,
          body: taskInputSchema,
          response: { 201: taskRecordSchema },
        },
      },
      async (request, reply) => {
        const result = await addTask(app.db, await actorOf(request), { type, id: request.params.id }, request.body);
        assigned(result.assigned);
        return reply.code(201).send(result.task);
      },
    );

    app.get(
      `${base}/task-summary`,
      {
        config: { access: { permission: `${module}:view` } },
        schema: {
          tags,
          summary: `The ${type}'s task and note counts and its last note`,
          description:
            'Pending counts pending and in-progress tasks; the last note as plain text of at most 120 characters.',
          params: recordParams,
          response: { 200: taskSummarySchema },
        },
      },
      async (request) => taskSummaryOf(app.db, await actorOf(request), { type, id: request.params.id }),
    );
  }

  app.get(
    '/api/tasks',
    {
      config: { access: { permission: 'my_tasks:view' } },
      schema: {
        tags,
        summary: "My Tasks: the signed-in user's assigned tasks",
        description:
          "status 'active' (the default) is pending and in progress; 'all' every status. Sorted by due date (undated " +
          'last) unless asked otherwise; pages by number up to 20, then by cursor. Never counted (the cards are).',
        querystring: myTasksQuerySchema,
        response: { 200: myTasksPageSchema },
      },
    },
    async (request) => listMyTasks(app.db, await actorOf(request), request.query),
  );

  app.get(
    '/api/tasks/counts',
    {
      config: { access: { permission: 'my_tasks:view' } },
      schema: {
        tags,
        summary: "My Tasks' cards: pending (and in progress), overdue, completed",
        response: { 200: myTaskCountsSchema },
      },
    },
    async (request) => countMyTasks(app.db, await actorOf(request)),
  );

  app.get(
    '/api/tasks/reminders',
    {
      config: { access: { permission: 'my_tasks:view' } },
      schema: {
        tags,
        summary: "The signed-in user's open tasks overdue, due today and due in the next 3 days",
        description: "Grouped on the firm's date (its time zone), not the server's.",
        response: { 200: taskRemindersSchema },
      },
    },
    async (request) => remindersOf(app.db, await actorOf(request)),
  );

  app.get(
    '/api/tasks/:id',
    {
      // The entry's record decides which module's view permission applies; its assignee may always read it.
      config: { access: { anyPermission: ['leads:view', 'clients:view', 'my_tasks:view'] } },
      schema: {
        tags,
        summary: 'One task or note',
        description: '404 when it does not exist or its record is not visible to the user (unless assigned to them).',
        params: taskParams,
        response: { 200: taskRecordSchema },
      },
    },
    async (request) => readTask(app.db, await actorOf(request), request.params.id),
  );

  app.patch(
    '/api/tasks/:id',
    {
      config: { access: { anyPermission: ['leads:edit', 'clients:edit', 'my_tasks:view'] } },
      schema: {
        tags,
        summary: 'Save the fields sent, with the version last read',
        description:
          'Partial: the fields sent change, the others stay (null clears one); the entry they make is validated ' +
          "whole, the note rule included. Needs the edit permission of its record, or to be the task's assignee " +
          '(My Tasks). 409 when the version is stale or the record is read-only. Content is sanitised as on creation.',
        params: taskParams,
        body: taskPatchSchema,
        response: { 200: taskRecordSchema },
      },
    },
    async (request) => {
      const result = await updateTask(app.db, await actorOf(request), request.params.id, request.body);
      assigned(result.assigned);
      return result.task;
    },
  );

  app.delete(
    '/api/tasks/:id',
    {
      // Spec 1 §6.2: deleting needs the delete action, whoever wrote or was given the entry (decision 0027).
      config: {
        access: { anyPermission: ['leads:delete', 'clients:delete'], refusal: TASK_MESSAGES.deleteRefused },
      },
      schema: {
        tags,
        summary: 'Delete a task or note',
        description:
          "Needs the delete permission of its record's kind (administrators and account administrators), its " +
          "author and assignee included; 403 'Only administrators can delete tasks and notes' otherwise. Final: " +
          'the audit log keeps its values.',
        params: taskParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => deleteTask(app.db, await actorOf(request), request.params.id),
  );
}
