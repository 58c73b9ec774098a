// POST /api/settings/service-types (a new type) or PATCH /api/settings/service-types/:id with the version last
// read (409 when someone saved first; archiving and restoring send `archived` alone).
import type { Currency, TaxTreatment } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export type ServiceTypeBody = {
  name?: string;
  defaultFees?: Partial<Record<Currency, string | null>>;
  defaultTreatment?: TaxTreatment;
  archived?: boolean;
};

export type SaveServiceTypeVariables =
  { id: null; body: ServiceTypeBody & { name: string } } | { id: string; body: ServiceTypeBody & { version: number } };

export function useSaveServiceType() {
  return useWrite('service_types', ({ id, body }: SaveServiceTypeVariables) =>
    id === null
      ? answer(server.POST('/api/settings/service-types', { body }))
      : answer(server.PATCH('/api/settings/service-types/{id}', { params: { path: { id } }, body })),
  );
}
