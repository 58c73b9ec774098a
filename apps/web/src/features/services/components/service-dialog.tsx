// The service dialog (spec 2): 'Add New Service' or 'Edit Service' ('View Service' for a read-only
// record or role), full screen on a phone. Editing reads the service afresh; one that cannot be fetched
// shows 'Service not found or has been deleted'.
import { useState } from 'react';
import { SERVICE_MESSAGES } from '@crm/domain';
import { DialogLoadError, FormDialog } from '../../../components/form-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useService } from '../api/service.ts';
import type { ServiceOwner } from '../api/service-keys.ts';
import { ServiceForm } from './service-form.tsx';

export type ServiceDialogState = { mode: 'new' } | { mode: 'edit'; id: string } | null;

type ServiceDialogProps = {
  owner: ServiceOwner;
  state: ServiceDialogState;
  readOnly: boolean;
  onClose: () => void;
};

export function ServiceDialog({ owner, state, readOnly, onClose }: ServiceDialogProps) {
  // What the dialog shows stays while it closes (its content leaves with the closing transition).
  const [shown, setShown] = useState(state);
  // A new service saved while the dialog stays open (its image failed to upload) is edited from then on.
  const [createdId, setCreatedId] = useState<string | null>(null);
  if (state !== null && state !== shown) {
    setShown(state);
    setCreatedId(null);
  }
  // Read while the dialog is open, so each opening asks the server again.
  const service = useService(owner, state?.mode === 'edit' ? state.id : null);
  // Deleted (here or elsewhere) since the list was read, even if an older copy is still in the cache.
  const notFound = isApiError(service.error) && service.error.status === 404;
  const title = shown?.mode === 'new' && !createdId ? 'Add New Service' : readOnly ? 'View Service' : 'Edit Service';

  return (
    <FormDialog opened={state !== null} onClose={onClose} title={title}>
      {shown?.mode === 'new' ? (
        <ServiceForm
          owner={owner}
          service={null}
          readOnly={readOnly}
          onClose={onClose}
          onCreated={(saved) => setCreatedId(saved.id)}
          onReload={() => Promise.resolve(undefined)}
        />
      ) : shown?.mode === 'edit' ? (
        service.isPending ? (
          <PageLoader label="Loading service..." />
        ) : service.data && !notFound ? (
          <ServiceForm
            key={shown.id}
            owner={owner}
            service={service.data}
            readOnly={readOnly}
            onClose={onClose}
            onCreated={() => undefined}
            onReload={async () => (await service.refetch()).data}
          />
        ) : (
          <DialogLoadError
            message={
              notFound ? SERVICE_MESSAGES.notFound : `${SERVICE_MESSAGES.loadFailed}: ${service.error?.message ?? ''}`
            }
            onRetry={notFound ? null : () => void service.refetch()}
            onClose={onClose}
          />
        )
      ) : null}
    </FormDialog>
  );
}
