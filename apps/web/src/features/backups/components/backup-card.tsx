// Administration → Data Management, Backup and restore (issue 15 item 7; account administrators only):
// download a backup now (with its progress), the stored daily backups, the auto backup state and next run,
// and restore from a file after typing RESTORE, with the maintenance window explained.
import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  Progress as ProgressBar,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDatabaseExport, IconDownload, IconRestore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BADGE_COLOURS,
  filledBadge,
  RESTORE_CONFIRMATION_WORD,
  type RestoreResult,
  type StoredBackup,
} from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/file-requests.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { backupsKey, downloadBackup, type Progress, restoreBackup, useBackups } from '../api/backups.ts';

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const percentOf = (progress: Progress | null) =>
  progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

function TransferProgress({ label, progress }: { label: string; progress: Progress | null }) {
  const percent = percentOf(progress);
  return (
    <Stack gap={4}>
      <Text size="sm">
        {label}
        {percent !== null ? ` ${percent}%` : progress ? ` ${megabytes(progress.loaded)}` : ''}
      </Text>
      <ProgressBar value={percent ?? 100} animated={percent === null} aria-label={label} />
    </Stack>
  );
}

export function BackupCard() {
  const backups = useBackups();
  const { formatDate, formatTime } = useDateFormat();
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
  const [download, setDownload] = useState<{ progress: Progress | null; error: string | null } | null>(null);

  const take = async (path: string) => {
    setDownload({ progress: null, error: null });
    try {
      const file = await downloadBackup(path, (progress) => setDownload({ progress, error: null }));
      saveFile(file.blob, file.name);
      setDownload(null);
    } catch (error) {
      setDownload({ progress: null, error: messageOf(error) });
    }
  };
  const downloading = download !== null && download.error === null;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="backup-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="md" id="backup-title">
              Backup and restore
            </Title>
            <Text size="sm" c="dimmed">
              A backup holds every record, setting and stored file, passport details included: keep it safe.
            </Text>
          </Stack>
          <Button
            leftSection={<IconDatabaseExport size={16} />}
            onClick={() => void take('/api/backups/download')}
            loading={downloading}
          >
            Download backup
          </Button>
        </Group>
        {downloading ? (
          <TransferProgress label="Preparing and downloading the backup…" progress={download.progress} />
        ) : null}
        {download?.error ? (
          <Alert color="red" withCloseButton onClose={() => setDownload(null)} closeButtonLabel="Dismiss">
            {download.error}
          </Alert>
        ) : null}

        {backups.isError ? (
          <Alert color="red">{backups.error.message}</Alert>
        ) : !backups.data ? (
          <Skeleton height={120} radius="md" />
        ) : (
          <>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Auto backup
              </Text>
              <StatusBadge look={filledBadge(backups.data.autoBackup ? BADGE_COLOURS.green : BADGE_COLOURS.grey)}>
                {backups.data.autoBackup ? 'On' : 'Off'}
              </StatusBadge>
              <Text size="sm" c="dimmed">
                {backups.data.autoBackup && backups.data.nextRunAt
                  ? `${backups.data.schedule} (${backups.data.timeZone}); next ${when(backups.data.nextRunAt)}. ` +
                    `The newest ${backups.data.retention} are kept.`
                  : 'Turn it on in System Settings to keep a daily backup.'}
              </Text>
            </Group>
            {backups.data.lastRun?.outcome === 'failed' ? (
              <Alert color="red" title="The last scheduled backup failed">
                {backups.data.lastRun.summary ?? 'See the Scheduled jobs card in System Settings.'}
              </Alert>
            ) : null}
            <StoredBackups backups={backups.data.backups} when={when} onDownload={take} disabled={downloading} />
          </>
        )}
        <RestoreSection />
      </Stack>
    </Card>
  );
}

function StoredBackups({
  backups,
  when,
  onDownload,
  disabled,
}: {
  backups: StoredBackup[];
  when: (iso: string) => string;
  onDownload: (path: string) => Promise<void>;
  disabled: boolean;
}) {
  if (backups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No stored backups yet: the daily backup keeps them here.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" aria-label="Stored backups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Taken</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {backups.map((backup) => (
            <Table.Tr key={backup.id}>
              <Table.Td>{when(backup.createdAt)}</Table.Td>
              <Table.Td>{megabytes(backup.size)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  disabled={disabled}
                  onClick={() => void onDownload(`/api/backups/${encodeURIComponent(backup.id)}/download`)}
                  aria-label={`Download the backup of ${when(backup.createdAt)}`}
                >
                  Download
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type RestoreState =
  | { step: 'idle' }
  | { step: 'confirm'; file: File; typed: string }
  | { step: 'running'; file: File; progress: Progress | null }
  | { step: 'done'; result: RestoreResult }
  | { step: 'failed'; message: string };

function RestoreSection() {
  const queryClient = useQueryClient();
  const { formatDate, formatTime } = useDateFormat();
  const [state, setState] = useState<RestoreState>({ step: 'idle' });

  const run = async (file: File) => {
    setState({ step: 'running', file, progress: null });
    try {
      const result = await restoreBackup(file, (progress) => setState({ step: 'running', file, progress }));
      setState({ step: 'done', result });
      // Everything may have changed; the change event does the same for every other open screen.
      void queryClient.invalidateQueries();
    } catch (error) {
      setState({ step: 'failed', message: isApiError(error) ? error.message : messageOf(error) });
      void queryClient.invalidateQueries({ queryKey: backupsKey });
    }
  };

  const uploaded = state.step === 'running' && state.progress?.total && state.progress.loaded >= state.progress.total;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Restore
        </Text>
        <FileButton
          accept=".gz,.tgz,application/gzip"
          onChange={(file) => file && setState({ step: 'confirm', file, typed: '' })}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              color="red"
              leftSection={<IconRestore size={16} />}
              disabled={state.step === 'running'}
            >
              Restore from a file…
            </Button>
          )}
        </FileButton>
      </Group>
      {state.step === 'running' ? (
        <TransferProgress
          label={uploaded ? 'Restoring: checking the backup and replacing the data…' : 'Uploading the backup…'}
          progress={uploaded ? null : state.progress}
        />
      ) : null}
      {state.step === 'done' ? (
        <Alert color="green" title="Backup restored" withCloseButton onClose={() => setState({ step: 'idle' })}>
          The data of {formatDate(state.result.backupCreatedAt)} {formatTime(state.result.backupCreatedAt)} is back:{' '}
          {state.result.rows} rows in {state.result.tables} tables and {state.result.files} files. Maintenance mode is{' '}
          {state.result.maintenanceMode ? 'on, as it was in the backup' : 'off'}.
        </Alert>
      ) : null}
      {state.step === 'failed' ? (
        <Alert color="red" title="Not restored" withCloseButton onClose={() => setState({ step: 'idle' })}>
          {state.message}
        </Alert>
      ) : null}
      <Modal
        opened={state.step === 'confirm'}
        onClose={() => setState({ step: 'idle' })}
        title="Restore this backup?"
        centered
      >
        {state.step === 'confirm' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (state.typed === RESTORE_CONFIRMATION_WORD) void run(state.file);
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                <strong>{state.file.name}</strong> ({megabytes(state.file.size)}) will replace every record, setting,
                user and stored file with the ones in the backup. Whatever was changed since it was taken is lost.
              </Text>
              <Text size="sm">
                While it runs, maintenance mode is on: everyone but administrators is signed out and cannot sign in.
                Afterwards maintenance mode is as it was in the backup. The file is checked first; a file that is not a
                backup of this version changes nothing.
              </Text>
              <TextInput
                label={`Type ${RESTORE_CONFIRMATION_WORD} to confirm`}
                value={state.typed}
                onChange={(event) => setState({ ...state, typed: event.currentTarget.value })}
                autoComplete="off"
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setState({ step: 'idle' })}>
                  Cancel
                </Button>
                <Button type="submit" color="red" disabled={state.typed !== RESTORE_CONFIRMATION_WORD}>
                  Restore
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </Stack>
  );
}
