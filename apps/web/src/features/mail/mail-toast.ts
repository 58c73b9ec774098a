// A mail's toast tells the truth (issue 27): "… queued for {to}" when the request answers, then, as the
// Mail log's events arrive for that mail, "… sent to {to}", kept (no mail server), retrying or failed.
import { notifications } from '@mantine/notifications';
import { MAIL_MESSAGES, type MailReceipt } from '@crm/domain';
import { onChangeEvent } from '../../lib/live-updates.ts';

// A mail's outcome may arrive before the request's answer does (with no mail server it is kept at once):
// the latest outcomes heard are kept here for the toast that asks next.
const heard = new Map<string, string>();
onChangeEvent((event) => {
  if (event.resource !== 'mail' || !event.id || event.action === 'QUEUED') return;
  heard.set(event.id, event.action);
  if (heard.size > 100) heard.delete(heard.keys().next().value!);
});

/** `what` names the mail in the toast's words: 'Invoice', 'Invitation', 'Password reset link'. */
export function showMailToast(what: string, mail: MailReceipt) {
  const id = `mail-${mail.id}`;
  notifications.show({
    id,
    color: 'blue',
    loading: true,
    autoClose: false,
    message: MAIL_MESSAGES.queuedFor(what, mail.to),
  });
  let settled = false;
  const done = (color: string, message: string) => {
    if (settled) return;
    settled = true;
    stop();
    notifications.update({ id, color, loading: false, autoClose: 6_000, message });
  };
  const follow = (action: string) => {
    if (action === 'SENT') done('green', MAIL_MESSAGES.sentTo(what, mail.to));
    else if (action === 'KEPT') done('yellow', MAIL_MESSAGES.keptFor(what, mail.to));
    else if (action === 'RETRYING') done('yellow', MAIL_MESSAGES.retryingFor(what, mail.to));
    else if (action === 'FAILED') done('red', MAIL_MESSAGES.failedFor(what, mail.to));
  };
  const stop = onChangeEvent((event) => {
    if (event.resource === 'mail' && event.id === mail.id) follow(event.action);
  });
  const already = heard.get(mail.id);
  if (already) follow(already);
  // The toast does not spin for ever (the mail may wait for a retry): the Mail log has the rest.
  setTimeout(() => done('blue', MAIL_MESSAGES.queuedFor(what, mail.to)), 60_000);
}
