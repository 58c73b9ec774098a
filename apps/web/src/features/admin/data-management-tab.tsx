// Administration → Data Management (spec 3 §2.4): moving the firm's data in and out. A stack of cards;
// backup and restore is the account administrator's (a backup holds every passport number).
import { Alert, Stack } from '@mantine/core';
import { useAuthorization } from '../../lib/authorization.ts';
import { BackupCard } from '../backups/components/backup-card.tsx';

export function DataManagementTab() {
  const { can } = useAuthorization();
  return (
    <Stack gap="md">
      {can('admin:manage_settings') ? (
        <BackupCard />
      ) : (
        <Alert color="gray" variant="light">
          Only account administrators take and restore backups.
        </Alert>
      )}
    </Stack>
  );
}
