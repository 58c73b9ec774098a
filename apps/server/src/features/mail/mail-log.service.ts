// The Mail log's reads for its routes, and "Send again": the same message queued as a new entry, audited.
import type { MailLogQuery, MailLogRow, MailMessageRecord, MailReceipt, Page } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import { recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import { queueMail } from '../../platform/mail/mail-queue.ts';
import { mailLogPage, readMailMessage, readMailRow } from './mail-log.repository.ts';

export const listMailLog = (
  db: Database,
  viewer: Viewer,
  query: MailLogQuery,
  timeZone: string,
): Promise<Page<MailLogRow>> => mailLogPage(db, viewer, query, timeZone);

export const mailMessage = (db: Database, id: string, appUrl: string): Promise<MailMessageRecord> =>
  readMailMessage(db, id, appUrl);

/** A message's stored attachments, to send one of them as it was sent. */
export const mailAttachments = async (db: Database, id: string) => (await readMailRow(db, id)).attachments;

export async function resendMail(
  db: Database,
  ctx: RequestContext & { actorId: string },
  id: string,
): Promise<MailReceipt> {
  const row = await readMailRow(db, id);
  return db.transaction(async (tx) => {
    const receipt = await queueMail(tx, {
      kind: row.kind as Parameters<typeof queueMail>[1]['kind'],
      to: row.toAddress,
      subject: row.subject,
      text: row.body,
      link: row.link,
      storedAttachments: row.attachments,
      about:
        row.recordType && row.recordId
          ? { type: row.recordType as 'invoice' | 'lead' | 'client' | 'user' | 'task', id: row.recordId }
          : undefined,
      actorId: ctx.actorId,
    });
    await recordChange(tx, ctx, {
      action: 'RESEND_MAIL',
      resourceType: 'MAIL',
      resourceId: receipt.id,
      newValues: { resentFrom: row.id, to: row.toAddress, subject: row.subject },
    });
    return receipt;
  });
}
