// The service dialog (spec 2): 'Add New Service' or 'Edit Service' ('View Service' for a read-only
// record or role), full screen on a phone. Editing reads the service afresh; one that cannot be fetched
// shows 'Service not found or has been deleted'.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { GuardedModal } from '../../../components/close-guard.tsx';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { SERVICE_MESSAGES } from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
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
  const phone = usePhoneLayout();
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
    <GuardedModal
      opened={state !== null}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      // A dialog over the record's panel: a click beside it should not throw away what was typed.
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
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
          <Stack gap="sm">
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
              <Text size="sm">
                {notFound
                  ? SERVICE_MESSAGES.notFound
                  : `${SERVICE_MESSAGES.loadFailed}: ${service.error?.message ?? ''}`}
              </Text>
            </Alert>
            <Group justify="flex-end" gap="xs">
              {notFound ? null : (
                <Button variant="light" onClick={() => void service.refetch()}>
                  Try Again
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </Stack>
        )
      ) : null}
    </GuardedModal>
  );
}
