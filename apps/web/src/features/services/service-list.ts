// The panel's rules over the record's services (at most 100, so they are applied in the browser): the
// search and filters, and which services count as pending.
import { centsOf, type ServiceRecord } from '@crm/domain';

export type ServiceFilters = { search: string; status: string | null; name: string | null };

/** The services the filters keep; every word of the search must appear in a name, the category, the description, the notes, a status or a term's name. */
export function filterServices(services: readonly ServiceRecord[], { search, status, name }: ServiceFilters) {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return services.filter((s) => {
    if (status && s.serviceStatus !== status) return false;
    if (name && s.serviceName !== name) return false;
    if (words.length === 0) return true;
    const text = [
      s.serviceName,
      s.serviceCategory,
      s.serviceDescription,
      s.notes,
      s.serviceStatus,
      s.paymentStatus,
      ...s.tuitionTerms.map((t) => t.termName),
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * Spec 2's '{n} service(s) pending' under Balance Due. Read here as the services that still owe money
 * (balance above 0), whatever their status: the card is about money owed, so the count says how many
 * services make up its figure. A service whose status is Pending but is paid in full (or has no fee) owes
 * nothing and is not counted; an Active one with money owed is.
 */
export const pendingServiceCount = (services: readonly ServiceRecord[]) =>
  services.filter((s) => centsOf(s.balanceDue) > 0n).length;
