// Administration › Data Management › Import (issue 15 item 5): choose leads or clients and a file; see its
// first rows with the field each column fills (matched by header, or remembered from an earlier file with
// the same headers) and change any; choose what happens to invalid rows; Dry run checks every row without
// writing, Import writes. The counts, the first problems and the full error report follow.
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  IMPORT_ENTITIES,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MODE_LABELS,
  IMPORT_MODES,
  type ImportEntity,
  type ImportMode,
  type ImportPreview,
  type ImportResult,
} from '@crm/domain';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { downloadErrorReport, previewImport, runImport } from '../api/imports.ts';

const ENTITY_LABELS: Record<ImportEntity, string> = { leads: 'Leads', clients: 'Clients' };
const NOT_IMPORTED = '';

type Busy = { action: string; sent: number } | null;

export function ImportCard() {
  const { can } = useAuthorization();
  const { today } = useDateFormat();
  const queryClient = useQueryClient();
  const entities = IMPORT_ENTITIES.filter((e) => can(`${e}:create`));
  const [entity, setEntity] = useState<ImportEntity>(entities[0] ?? 'leads');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [mode, setMode] = useState<ImportMode>('all_or_nothing');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const fields = IMPORT_FIELDS[entity];
  const progress = (action: string) => (sent: number) => setBusy({ action, sent });

  const loadPreview = async (nextEntity: ImportEntity, nextFile: File | null) => {
    setPreview(null);
    setResult(null);
    setError(null);
    if (!nextFile) return;
    setBusy({ action: 'Reading the file', sent: 0 });
    try {
      const found = await previewImport(nextEntity, nextFile, progress('Reading the file'));
      setPreview(found);
      setMapping(found.mapping);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be read.');
    } finally {
      setBusy(null);
    }
  };

  const start = async (dryRun: boolean) => {
    if (!file) return;
    const action = dryRun ? 'Checking every row' : 'Importing';
    setResult(null);
    setError(null);
    setBusy({ action, sent: 0 });
    try {
      const done = await runImport(entity, file, { mode, dryRun, mapping }, progress(action));
      setResult(done);
      if (done.importedRows > 0) {
        refreshAfterWrite(queryClient, 'lead');
        notifications.show({ color: 'green', message: done.message });
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Import failed');
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (!result) return;
    try {
      await downloadErrorReport(result, today());
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof Error ? e.message : 'Download failed' });
    }
  };

  const mapped = new Set(mapping.filter(Boolean));
  const missing = fields.filter((f) => f.required && !mapped.has(f.key)).map((f) => f.label);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="import-card-title">
      <Stack gap="md">
        <div>
          <Title order={3} id="import-card-title">
            Import
          </Title>
          <Text size="sm" c="dimmed">
            Leads or clients from a CSV file or an Excel workbook (.xlsx), up to {IMPORT_MAX_BYTES / 1024 / 1024} MB and{' '}
            {IMPORT_MAX_ROWS.toLocaleString('en-AU')} rows. Each row is checked as the form checks it, and against the
            leads and clients there are.
          </Text>
        </div>
        <Group align="end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="import-entity-label">
              Records
            </Text>
            <SegmentedControl
              aria-labelledby="import-entity-label"
              value={entity}
              disabled={busy !== null}
              data={entities.map((e) => ({ value: e, label: ENTITY_LABELS[e] }))}
              onChange={(value) => {
                const next = value as ImportEntity;
                setEntity(next);
                void loadPreview(next, file);
              }}
            />
          </Stack>
          <FileInput
            label="File"
            placeholder="Choose a CSV or Excel file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            value={file}
            disabled={busy !== null}
            onChange={(next) => {
              setFile(next);
              void loadPreview(entity, next);
            }}
            w={{ base: '100%', sm: 340 }}
          />
        </Group>

        {busy && (
          <Stack gap={4} aria-live="polite">
            {busy.sent < 1 ? (
              <>
                <Text size="sm">
                  {busy.action}: uploading {Math.round(busy.sent * 100)}%
                </Text>
                <Progress value={busy.sent * 100} aria-label="Upload progress" />
              </>
            ) : (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm">{busy.action}: processing…</Text>
              </Group>
            )}
          </Stack>
        )}

        {error && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{error}</Text>
          </Alert>
        )}

        {preview && (
          <Stack gap="sm">
            <div>
              <Title order={4}>Preview and column mapping</Title>
              <Text size="sm" c="dimmed">
                {preview.remembered
                  ? 'The mapping saved with an earlier import of a file with these headers.'
                  : 'Columns matched by their headers: change any that are wrong, or leave a column out.'}
              </Text>
            </div>
            <Table.ScrollContainer minWidth={Math.max(480, preview.headers.length * 170)}>
              <Table striped withTableBorder aria-label="Preview of the file">
                <Table.Thead>
                  <Table.Tr>
                    {preview.headers.map((header, i) => (
                      <Table.Th key={i}>{header}</Table.Th>
                    ))}
                  </Table.Tr>
                  <Table.Tr>
                    {preview.headers.map((header, i) => (
                      <Table.Td key={i}>
                        <Select
                          size="xs"
                          miw={170}
                          aria-label={`Field for column ${header}`}
                          value={mapping[i] ?? NOT_IMPORTED}
                          allowDeselect={false}
                          data={[
                            { value: NOT_IMPORTED, label: 'Not imported' },
                            ...fields.map((f) => ({ value: f.key, label: f.required ? `${f.label} *` : f.label })),
                          ]}
                          onChange={(value) =>
                            setMapping((current) =>
                              current.map((key, j) => {
                                if (j === i) return value || null;
                                // A field fills from one column: choosing it here takes it from the other.
                                return value && key === value ? null : key;
                              }),
                            )
                          }
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row, r) => (
                    <Table.Tr key={r}>
                      {row.map((cell, c) => (
                        <Table.Td key={c}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {missing.length > 0 && (
              <Text size="sm" c="orange.9">
                Not mapped, so every row will miss it: {missing.join(', ')}
              </Text>
            )}
            <Group align="end" gap="md" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="import-mode-label">
                  If some rows are invalid
                </Text>
                <SegmentedControl
                  aria-labelledby="import-mode-label"
                  value={mode}
                  disabled={busy !== null}
                  data={[...IMPORT_MODES].map((m) => ({ value: m, label: IMPORT_MODE_LABELS[m] }))}
                  onChange={(value) => setMode(value as ImportMode)}
                />
              </Stack>
              <Group gap="sm">
                <Button variant="default" onClick={() => void start(true)} disabled={busy !== null}>
                  Dry run
                </Button>
                <Button onClick={() => void start(false)} disabled={busy !== null}>
                  Import
                </Button>
              </Group>
            </Group>
          </Stack>
        )}

        {result && <ImportOutcome result={result} onDownload={() => void download()} />}
      </Stack>
    </Card>
  );
}

function ImportOutcome({ result, onDownload }: { result: ImportResult; onDownload: () => void }) {
  const clean = result.errorCount === 0;
  const counts = [
    ['Rows', result.totalRows],
    ['Valid', result.validRows],
    ['Invalid', result.invalidRows],
    ['Duplicates', result.duplicateRows],
    ['Imported', result.importedRows],
  ] as const;
  return (
    <Stack gap="sm" data-testid="import-result">
      <Alert
        color={result.importedRows > 0 || (result.dryRun && clean) ? 'green' : clean ? 'blue' : 'orange'}
        variant="light"
        role="status"
      >
        <Text size="sm" fw={600}>
          {result.message}
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        {counts.map(([label, value]) => (
          <Card key={label} withBorder padding="xs" radius="sm" role="group" aria-label={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value.toLocaleString('en-AU')}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {!clean && (
        <>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {result.errorCount > result.errors.length
                ? `The first ${result.errors.length} of ${result.errorCount.toLocaleString('en-AU')} problems; the error report has them all.`
                : `${result.errorCount} ${result.errorCount === 1 ? 'problem' : 'problems'}`}
            </Text>
            {result.hasErrorReport && (
              <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={onDownload}>
                Download error report
              </Button>
            )}
          </Group>
          <Table.ScrollContainer minWidth={480} mah={360}>
            <Table striped withTableBorder aria-label="Problems found">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>Row</Table.Th>
                  <Table.Th w={180}>Column</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.errors.map((e, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color="gray" tt="none">
                        {e.column}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
