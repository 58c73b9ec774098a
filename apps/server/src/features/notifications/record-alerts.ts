// The alerts about records and the system, written in the transaction of the change they report: a lead
// given to a new assignee, a client's status changed, maintenance mode turned on or off. Texts are one
// tidy line each (mail-text.ts): mails are plain text, nothing a user typed becomes markup.
import type { Executor } from '../../db/database.ts';
import { oneLine } from '../../platform/mail/mail-text.ts';
import type { RequestContext } from '../../platform/audit/record-change.ts';
import { notify } from './notifications.service.ts';
import { activeUserIds } from '../users/users.repository.ts';

type Person = { id: string; firstName: string; lastName: string };
type Assignees = {
  managerUserId?: string | null;
  assistantManagerUserId?: string | null;
  migrationAgentUserId?: string | null;
};
type Ctx = Pick<RequestContext, 'actorId'>;

const nameOf = (p: { firstName: string; lastName: string }) => oneLine(`${p.firstName} ${p.lastName}`, 120);
const ASSIGNEE_FIELDS = ['managerUserId', 'assistantManagerUserId', 'migrationAgentUserId'] as const;

/** Users who are an assignee of the lead now and were not before (all of them for a new lead). */
export async function alertLeadAssignees(tx: Executor, ctx: Ctx, lead: Person & Assignees, before?: Assignees) {
  const previous = new Set(ASSIGNEE_FIELDS.map((f) => before?.[f]).filter(Boolean));
  const added = ASSIGNEE_FIELDS.map((f) => lead[f]).filter((id) => id && !previous.has(id));
  const name = nameOf(lead);
  await notify(tx, ctx, added, {
    kind: 'leadAssigned',
    title: 'New lead assigned to you',
    body: name,
    link: `/leads?view=${lead.id}&type=lead`,
    mail: {
      subject: `New lead assigned to you: ${name}`,
      text: `The lead ${name} has been assigned to you in Visa CRM.`,
    },
  });
}

/** Tells the client's owner and assignees that its status changed. */
export async function alertClientStatus(
  tx: Executor,
  ctx: Ctx,
  client: Person & Assignees & { userId?: string | null; status: string },
  previousStatus: string,
) {
  if (client.status === previousStatus) return;
  const name = nameOf(client);
  const change = `${oneLine(previousStatus, 80)} → ${oneLine(client.status, 80)}`;
  await notify(tx, ctx, [client.userId, ...ASSIGNEE_FIELDS.map((f) => client[f])], {
    kind: 'clientStatus',
    title: `Client status changed: ${name}`,
    body: change,
    link: `/leads?view=${client.id}&type=client`,
    mail: {
      subject: `Client status changed: ${name}`,
      text: `The status of ${name} changed in Visa CRM: ${change}.`,
    },
  });
}

/** Every active user hears that maintenance mode started or ended. */
export async function alertMaintenance(tx: Executor, ctx: Ctx, on: boolean) {
  const everyone = await activeUserIds(tx);
  const title = on ? 'Maintenance mode is on' : 'Maintenance is over';
  const body = on
    ? 'Only administrators can sign in until maintenance ends.'
    : 'Everyone can sign in to Visa CRM again.';
  await notify(
    tx,
    ctx,
    everyone.map((u) => u.id),
    { kind: 'systemUpdates', title, body, mail: { subject: `Visa CRM: ${title.toLowerCase()}`, text: body } },
  );
}
