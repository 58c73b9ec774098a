// What a change to a resource refreshes, whichever screen made it: a change event of the live stream
// (live-updates.ts) and this tab's own write, which should not wait for its event, go through one map, so a
// hidden lead refreshes what a hidden client does.
import { notifications } from '@mantine/notifications';
import { matchQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ChangeResource } from '@crm/domain';

/** What shows leads, clients and contacts (the family whose members move into each other). */
const RECORD_FAMILY: readonly (readonly string[])[] = [
  ['lead'],
  ['client'],
  ['contact'],
  ['record'],
  ['dashboard'],
  ['services'],
  ['deleted-items'],
  ['phone-number-review'],
];
const othersOf = (member: ChangeResource) => RECORD_FAMILY.filter(([key]) => key !== member);

/** Query keys that depend on a resource besides the resource's own key ([resource]). */
const DEPENDENTS: Partial<Record<ChangeResource, readonly (readonly string[])[]>> = {
  user: [['session'], ['profile'], ['users'], ['roles'], ['staffing']],
  // A role's modules changed: menus and guards (the session carries the matrix), the role cards, and the
  // library's access matrix and role comparison (generated from the matrix).
  role_permissions: [['session'], ['roles'], ['document']],
  // The firm's display setting sits under the session's key (features/settings/api/display-setting.ts).
  // The branding (company name, colours, logo) is its own query (app/branding.ts).
  settings: [['session', 'display-setting'], ['branding']],
  // Leads, clients and contacts move into each other (conversion, reversion, archive, restore), the
  // combined record list shows leads and clients, and the dashboard counts them: one family. A record's
  // services are cached under its key ([type, 'services', id]), so the record's event, which every service
  // write publishes, refreshes them too (features/services/api/service-keys.ts). The Finance services
  // overview (['services', …]) lists every record's services, so each of these events refreshes it.
  // Deleted Items lists deleted leads, clients, services (their record's event) and invoices.
  // Staffing counts everyone's open leads, clients and tasks (a task's write publishes its record's event).
  // A refund of a record's client money publishes the record's event: Finance's refunds list follows.
  // The phone numbers to review (Data Management) drop a record once its number is corrected.
  lead: [...othersOf('lead'), ['staffing'], ['invoice', 'refunds']],
  client: [...othersOf('client'), ['staffing'], ['invoice', 'refunds']],
  contact: othersOf('contact'),
  my_tasks: [['staffing']],
  invoice: [['deleted-items']],
  // A record's History lists the mails about its invoices with where each stands (issue 27).
  mail: [
    ['lead', 'history'],
    ['client', 'history'],
  ],
};

/** Shown when a list this write changed could not be read again (spec 1 §8). */
export const DATA_REFRESH_WARNING = 'Data refresh warning: Please refresh the page to see latest updates';

const keysOf = (resource: ChangeResource): readonly QueryKey[] => [[resource], ...(DEPENDENTS[resource] ?? [])];

/** Refreshes the resource's queries and those that depend on it; a restored backup ('database') all. */
export function refreshFor(queryClient: QueryClient, resource: ChangeResource): Promise<unknown> {
  if (resource === 'database') return queryClient.invalidateQueries();
  return Promise.all(keysOf(resource).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * After this tab's own write to `resource`: the same refresh at once, and the data refresh warning when a
 * refreshed query the screen shows could not be read again.
 */
export function refreshAfterWrite(queryClient: QueryClient, resource: ChangeResource): void {
  void refreshFor(queryClient, resource).then(() => {
    const stale = queryClient
      .getQueryCache()
      .findAll({ type: 'active' })
      .some(
        (query) =>
          query.state.status === 'error' &&
          query.state.fetchStatus === 'idle' &&
          keysOf(resource).some((queryKey) => matchQuery({ queryKey }, query)),
      );
    if (stale) notifications.show({ color: 'orange', message: DATA_REFRESH_WARNING });
  });
}
