// Administration → Data Management (spec 3 §2.4): moving the firm's data in and out, a stack of cards —
// import, export, backup and restore, which is the account administrator's (a backup holds every
// passport number), and the stored phone numbers to review (decision 0005).
import { Alert, Stack } from '@mantine/core';
import { useAuthorization } from '../../lib/authorization.ts';
import { BackupCard } from '../backups/index.ts';
import { ExportCard, ImportCard } from '../imports/index.ts';
import { PhoneNumberReviewCard } from './phone-number-review-card.tsx';

export function DataManagementTab() {
  const { can } = useAuthorization();
  return (
    <Stack gap="lg">
      <ImportCard />
      <ExportCard />
      {can('admin:manage_settings') ? (
        <BackupCard />
      ) : (
        <Alert color="gray" variant="light">
          Only account administrators take and restore backups.
        </Alert>
      )}
      <PhoneNumberReviewCard />
    </Stack>
  );
}
