// Which record panel the URL opens (spec 1 §2.1: view={id}&type=lead|client&tab=services|tasks) and
// how a link is resolved: a lead that was converted, or is gone but was converted, opens its client;
// an unknown id opens nothing (a warning is only logged). The URL stays the one source of the open
// panel: opening and closing a record only change the search params.
import { useEffect, useState } from 'react';
import { CONVERTED_STATUS } from '@crm/domain';
import { isApiError } from '../../lib/api-client.ts';
import { useClient, useClientConvertedFrom } from '../clients/index.ts';
import { useLead } from './api/lead.ts';
import { isListTab, isPanelTab, type LeadsSearch, type LeadsTab, type PanelTab } from './leads-search.ts';

export type RecordType = 'lead' | 'client';
export type RecordPanelTab = 'details' | PanelTab;

type SetSearch = (patch: Partial<LeadsSearch>, options?: { replace?: boolean }) => void;

const tabOfType = (type: RecordType): LeadsTab => (type === 'client' ? 'clients' : 'leads');
const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export function useRecordLink(search: LeadsSearch, setSearch: SetSearch, defaultTab: LeadsTab) {
  const type: RecordType | null = search.view ? (search.type ?? 'lead') : null;
  const leadId = type === 'lead' ? search.view! : null;
  const clientId = type === 'client' ? search.view! : null;

  /** The list tab: named in the URL, else the open record's type (a link switches to it), else the route's. */
  const listTab: LeadsTab = isListTab(search.tab) ? search.tab : type && search.type ? tabOfType(type) : defaultTab;

  // The panel's tab: from the URL when a link names one; otherwise kept here, so a list tab in the URL
  // (e.g. the records tab the row was opened from) is not replaced by a click on Services.
  const [localPanelTab, setLocalPanelTab] = useState<{ view: string | undefined; tab: RecordPanelTab }>({
    view: search.view,
    tab: 'details',
  });
  const panelTab: RecordPanelTab = isPanelTab(search.tab)
    ? search.tab
    : localPanelTab.view === search.view
      ? localPanelTab.tab
      : 'details';
  const setPanelTab = (tab: RecordPanelTab) => {
    if (isPanelTab(search.tab)) setSearch({ tab: tab === 'details' ? undefined : tab }, { replace: true });
    else setLocalPanelTab({ view: search.view, tab });
  };

  /** Leads opened from inside the app as they are (a converted lead right after its conversion, the lead of a client). */
  const [shownAsIs, setShownAsIs] = useState<ReadonlySet<string>>(() => new Set());
  const showAsIs = (id: string) => setShownAsIs((set) => (set.has(id) ? set : new Set([...set, id])));

  const lead = useLead(leadId);
  const leadMissing = isNotFound(lead.error);
  const leadConverted = lead.data?.leadStatus === CONVERTED_STATUS;
  const lookUpClient = Boolean(leadId) && !shownAsIs.has(leadId!) && (leadMissing || leadConverted);
  const convertedFrom = useClientConvertedFrom(lookUpClient ? leadId : null);
  const client = useClient(clientId);

  // A panel tab goes; the list stays on the tab the record was shown over.
  const close = (replace = false) =>
    setSearch(
      {
        view: undefined,
        type: undefined,
        tab: isListTab(search.tab) ? search.tab : listTab !== defaultTab ? listTab : undefined,
      },
      { replace },
    );

  useEffect(() => {
    if (!lookUpClient || convertedFrom.isPending) return;
    if (convertedFrom.data) {
      // The list switches to clients unless the URL names another list tab (records).
      setSearch(
        { view: convertedFrom.data.id, type: 'client', tab: search.tab === 'leads' ? undefined : search.tab },
        { replace: true },
      );
    } else if (leadMissing) {
      console.warn(`No lead or converted client found for id ${leadId}`);
      close(true);
    } else {
      // Converted, but its client is gone (deleted forever): show the read-only lead.
      showAsIs(leadId!);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the look-up settles
  }, [lookUpClient, convertedFrom.isPending, convertedFrom.data, leadMissing, leadId]);

  useEffect(() => {
    if (!clientId || !isNotFound(client.error)) return;
    console.warn(`No client found for id ${clientId}`);
    close(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the client read fails
  }, [clientId, client.error]);

  /** Opens a record's panel; `asIs` shows a converted lead itself instead of its client. */
  const open = (id: string, recordType: RecordType, options: { asIs?: boolean } = {}) => {
    if (recordType === 'lead' && options.asIs) showAsIs(id);
    setSearch({ view: id, type: recordType, tab: isPanelTab(search.tab) ? undefined : search.tab });
  };

  return {
    listTab,
    panelTab,
    setPanelTab,
    /** The lead panel's record; `resolving` while a link to it may still turn into its client. */
    lead: leadId ? { id: leadId, resolving: lookUpClient } : null,
    clientId,
    open,
    close: () => close(),
    /** A lead converted in its open panel stays shown (read-only, with the banner). */
    keepLeadShown: showAsIs,
  };
}
