// Asks before a service is deleted from the overview (spec 3 §2.1, §8), then deletes it with the reason
// 'Deleted by admin'. The delete is soft: the dialog says so, as an administrator can restore it.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { centsOf, displayMoney, type ServiceOverviewRow } from '@crm/domain';
import { useDeleteOverviewService } from '../api/delete-overview-service.ts';

/** Spec 3 §8. */
export const DELETE_MESSAGES = {
  success: 'Service Deleted',
  failureTitle: 'Delete Failed',
  failure: 'Failed to delete service. Please try again.',
} as const;

type DeleteServiceDialogProps = { service: ServiceOverviewRow | null; onClose: () => void };

export function DeleteServiceDialog({ service, onClose }: DeleteServiceDialogProps) {
  const remove = useDeleteOverviewService();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (remove.isPending) return;
    setError(null);
    onClose();
  };

  const confirm = async (row: ServiceOverviewRow) => {
    setError(null);
    try {
      await remove.mutateAsync(row);
      notifications.show({
        color: 'green',
        title: DELETE_MESSAGES.success,
        message: `${row.serviceName} of ${row.entityName} was deleted.`,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
      onClose();
    } catch (e) {
      const message = (e as Error).message;
      setError(message && message !== 'Request failed' ? message : DELETE_MESSAGES.failure);
      notifications.show({
        color: 'red',
        title: DELETE_MESSAGES.failureTitle,
        message: DELETE_MESSAGES.failure,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
    }
  };

  return (
    <Modal opened={service !== null} onClose={close} title="Delete Service" centered size="md">
      {service ? (
        <Stack gap="sm">
          <Text size="sm">
            Delete{' '}
            <Text span fw={700}>
              {service.serviceName}
            </Text>{' '}
            of{' '}
            <Text span fw={700}>
              {service.entityName}
            </Text>
            {service.serviceFee !== null ? ` (fee ${displayMoney(centsOf(service.serviceFee), service.currency)})` : ''}
            ?
          </Text>
          <Text size="sm" c="dimmed">
            It leaves this overview and the {service.entityType}&apos;s Services tab, recorded as &apos;Deleted by
            admin&apos;. Administrators and account administrators can restore it from Deleted Items.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirm(service)}>
              Delete Service
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
