// Administration → Data Management, Backup and restore (issue 15 item 7; account administrators only):
// download a backup now (with its progress), the stored daily backups, the auto backup state and next run,
// and restore from a file: checked first (its signature and checksums: issue 28 item 4), then which
// installation made it and when is shown, and it runs after typing RESTORE, with the maintenance window
// explained. A backup signing key the server generated is shown here until the administrator says it is stored.
import {
  Alert,
  Button,
  Card,
  CopyButton,
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
} from '@mantine/core';
import { IconCheck, IconCopy, IconDatabaseExport, IconDownload, IconKey, IconRestore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  BADGE_COLOURS,
  filledBadge,
  type BackupInspection,
  RESTORE_CONFIRMATION_WORD,
  type RestoreResult,
  type StoredBackup,
} from '@crm/domain';
import { type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/file-requests.ts';
import { useDateFormat } from '../../../lib/format.ts';
import {
  backupsKey,
  downloadBackup,
  inspectBackup,
  type Progress,
  restoreBackup,
  useBackups,
  useConfirmSigningKeyStored,
} from '../api/backups.ts';

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
            {backups.data.newSigningKey ? <SigningKeyNotice signingKey={backups.data.newSigningKey} /> : null}
            <Text size="sm" c="dimmed">
              Backups made here are signed with this server’s backup signing key and name this installation:{' '}
              {backups.data.installation.firmName}, ID {backups.data.installation.id}. A restore accepts only a backup
              whose signature it can check.
            </Text>
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

/** The key the server generated into its data folder, until the administrator says it is stored safely. */
function SigningKeyNotice({ signingKey }: { signingKey: string }) {
  const stored = useConfirmSigningKeyStored();
  return (
    // No Alert title: Mantine writes it in the light variant's colour, below AA on its background (axe).
    <Alert color="orange" icon={<IconKey size={18} />}>
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          Store the backup signing key
        </Text>
        <Text size="sm">
          This server made the key its backups are signed with and keeps it in its data folder. Copy it to a safe place
          away from this server, such as the firm’s password manager. Should the data folder be lost, a new server
          restores these backups once it is given this key as BACKUP_SIGNING_KEY_PREVIOUS. It is shown until you
          confirm, then never again.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput readOnly value={signingKey} aria-label="Backup signing key" ff="monospace" style={{ flex: 1 }} />
          <CopyButton value={signingKey}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        {stored.isError ? (
          <Text size="sm" c="red">
            {messageOf(stored.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={() => stored.mutate()} loading={stored.isPending}>
            I have stored it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

const STORED_BACKUP_COLUMNS: ListColumn[] = [
  { key: 'taken', label: 'Taken' },
  { key: 'size', label: 'Size', width: 100 },
];

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
    <ListTable
      label="Stored backups"
      columns={STORED_BACKUP_COLUMNS}
      actions={{ width: 130, labelHidden: true }}
      loading={false}
    >
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
    </ListTable>
  );
}

type RestoreState =
  | { step: 'idle' }
  | { step: 'checking'; file: File; progress: Progress | null }
  | { step: 'confirm'; file: File; inspection: BackupInspection; typed: string }
  | { step: 'running'; file: File; progress: Progress | null }
  | { step: 'done'; result: RestoreResult }
  | { step: 'failed'; message: string };

function RestoreSection() {
  const queryClient = useQueryClient();
  const { formatDate, formatTime } = useDateFormat();
  const [state, setState] = useState<RestoreState>({ step: 'idle' });
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

  // Checked before anything is asked: a file that would be refused never reaches the confirmation.
  const check = async (file: File) => {
    setState({ step: 'checking', file, progress: null });
    try {
      const inspection = await inspectBackup(file, (progress) => setState({ step: 'checking', file, progress }));
      setState({ step: 'confirm', file, inspection, typed: '' });
    } catch (error) {
      setState({ step: 'failed', message: isApiError(error) ? error.message : messageOf(error) });
    }
  };

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

  const transfer = state.step === 'running' || state.step === 'checking' ? state : null;
  const uploaded = transfer?.progress?.total && transfer.progress.loaded >= transfer.progress.total;
  const busy = state.step === 'running' || state.step === 'checking';
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Restore
        </Text>
        <FileButton accept=".gz,.tgz,application/gzip" onChange={(file) => file && void check(file)}>
          {(props) => (
            <Button {...props} variant="default" color="red" leftSection={<IconRestore size={16} />} disabled={busy}>
              Restore from a file…
            </Button>
          )}
        </FileButton>
      </Group>
      {state.step === 'checking' ? (
        <TransferProgress
          label={
            uploaded ? 'Checking the backup: its signature and every checksum…' : 'Uploading the backup to check it…'
          }
          progress={uploaded ? null : state.progress}
        />
      ) : null}
      {state.step === 'running' ? (
        <TransferProgress
          label={uploaded ? 'Restoring: checking the backup and replacing the data…' : 'Uploading the backup…'}
          progress={uploaded ? null : state.progress}
        />
      ) : null}
      {state.step === 'done' ? (
        <Alert color="green" title="Backup restored" withCloseButton onClose={() => setState({ step: 'idle' })}>
          The data of {when(state.result.backupCreatedAt)}
          {state.result.installation ? ` (made by ${state.result.installation.firmName})` : ''} is back:{' '}
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
              <BackupOrigin file={state.file} inspection={state.inspection} when={when} />
              <Text size="sm">
                It will replace every record, setting, user and stored file with the ones in the backup. Whatever was
                changed since it was taken is lost.
              </Text>
              <Text size="sm">
                While it runs, maintenance mode is on: everyone but administrators is signed out and cannot sign in.
                Afterwards maintenance mode is {state.inspection.maintenanceMode ? 'on' : 'off'}, as it was in the
                backup. The file was checked: it is signed with this server’s key and every checksum matches.
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

/** Which installation made the backup and when, from its signed manifest: shown before a restore is confirmed. */
function BackupOrigin({
  file,
  inspection,
  when,
}: {
  file: File;
  inspection: BackupInspection;
  when: (iso: string) => string;
}) {
  const rows: [string, ReactNode][] = [
    ['File', `${file.name} (${megabytes(file.size)})`],
    ['Taken', when(inspection.createdAt)],
    [
      'Made by',
      <Group gap="xs" key="made-by">
        <span>{inspection.installation.firmName}</span>
        <StatusBadge look={filledBadge(inspection.madeHere ? BADGE_COLOURS.green : BADGE_COLOURS.orange)}>
          {inspection.madeHere ? 'This installation' : 'Another installation'}
        </StatusBadge>
      </Group>,
    ],
    ['Installation ID', inspection.installation.id],
    ['Holds', `${inspection.rows} rows in ${inspection.tables} tables, ${inspection.files} files`],
  ];
  return (
    <Stack gap="xs">
      <Table variant="vertical" withTableBorder layout="fixed" aria-label="The backup">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {inspection.madeHere ? null : (
        <Alert color="orange" variant="light">
          Another installation made this backup, one that shares this server’s signing key. Restoring it replaces this
          firm’s data with that installation’s.
        </Alert>
      )}
    </Stack>
  );
}
