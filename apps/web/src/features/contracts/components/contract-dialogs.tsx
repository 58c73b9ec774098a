// The New Contract dialog (record, template, title, dates, rich-text content: a chosen template's text filled
// in from the record, to read and change before Create) and the contract panel (view, edit while draft or
// active, Activate / Terminate after a confirmation, Download PDF, the signed copy).
import {
  Alert,
  Button,
  Divider,
  FileInput,
  Group,
  Loader,
  Modal,
  Overlay,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CONTRACT_MESSAGES, type ContractRecord, isValidIsoDate } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { TaskContentField, TaskContentView } from '../../tasks/index.ts';
import {
  downloadContractPdf,
  downloadSignedCopy,
  useContract,
  useContractAction,
  useContractTemplates,
  useCreateContract,
  useDeleteContract,
  useFillTemplate,
  useUpdateContract,
  useUploadSignedCopy,
} from '../api/contracts.ts';
import { ContractStatusBadge } from './contract-status-badge.tsx';
import { AdditionalClientsPicker, type PickedRecord, RecordPicker } from './record-picker.tsx';
import { differs, GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

export const showError = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Error', message: error instanceof Error ? error.message : String(error) });

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;

/** What a template is filled in from: the record and the dates the form holds. */
type FillSource = {
  templateId: string | null;
  record: PickedRecord | null;
  additional: PickedRecord[];
  effectiveDate: string;
  expiryDate: string;
};

/** The contract's own placeholders, which a fill leaves for create to fill. */
const OWN_PLACEHOLDER = /\{\{\s*contract\.(reference|title)\s*\}\}/;

export function NewContractDialog({
  opened,
  forRecord,
  onClose,
  onCreated,
}: {
  opened: boolean;
  /** The lead or client whose panel the dialog opened from: fixed, not picked. */
  forRecord?: PickedRecord;
  onClose: () => void;
  onCreated: (contract: ContractRecord) => void;
}) {
  const { today } = useDateFormat();
  const templates = useContractTemplates();
  const create = useCreateContract();
  const [record, setRecord] = useState<PickedRecord | null>(forRecord ?? null);
  const [additional, setAdditional] = useState<PickedRecord[]>([]);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [effectiveDate, setEffectiveDate] = useState(today());
  const [expiryDate, setExpiryDate] = useState('');
  const [content, setContent] = useState('');
  const fill = useFillTemplate();
  // The text last filled in from the template. While the content is still that (or empty), a change of the
  // record or the dates fills it in again; once the user has written in it, it is theirs and stays.
  const [filled, setFilled] = useState<string | null>(null);
  // A template chosen over content the user wrote: replacing it waits for their answer.
  const [replacing, setReplacing] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setRecord(forRecord ?? null);
    setAdditional([]);
    setTemplateId(null);
    setTitle('');
    setEffectiveDate(today());
    setExpiryDate('');
    setContent('');
    setFilled(null);
    setReplacing(null);
    fill.reset();
    create.reset();
    // Only on opening: the form starts empty each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const unsavedEdits = differs(
    { record: record?.id ?? null, additional, templateId, title, effectiveDate, expiryDate, content },
    {
      record: forRecord?.id ?? null,
      additional: [],
      templateId: null,
      title: '',
      effectiveDate: today(),
      expiryDate: '',
      content: '',
    },
  );
  const template = templates.data?.find((t) => t.id === templateId);
  const source: FillSource = { templateId, record, additional, effectiveDate, expiryDate };
  const untouched = content === '' || content === filled;

  const fillFrom = (next: FillSource) => {
    const datesRead = isValidIsoDate(next.effectiveDate) && (next.expiryDate === '' || isValidIsoDate(next.expiryDate));
    if (!next.templateId || !next.record || !datesRead) {
      fill.reset();
      return;
    }
    // Only the latest request's answer arrives here (TanStack Query): an earlier one never overwrites it.
    fill.mutate(
      {
        templateId: next.templateId,
        body: {
          entityType: next.record.type,
          entityId: next.record.id,
          additionalClientIds: next.additional.map((c) => c.id),
          effectiveDate: next.effectiveDate,
          expiryDate: next.expiryDate || undefined,
        },
      },
      {
        onSuccess: ({ content: text }) => {
          setContent(text);
          setFilled(text);
        },
      },
    );
  };
  /** The record or a date changed: the template's text follows while the user has not written over it. */
  const sourceChanged = (change: Partial<FillSource>) => {
    if (templateId && untouched) fillFrom({ ...source, ...change });
    // A refusal of the text the user has since made their own no longer applies to anything.
    else fill.reset();
  };
  const applyTemplate = (id: string | null) => {
    setReplacing(null);
    setTemplateId(id);
    const picked = templates.data?.find((t) => t.id === id);
    // The title follows the template until the user names the contract themselves.
    if (picked && (!title.trim() || title === template?.name)) setTitle(picked.name);
    if (id) {
      fillFrom({ ...source, templateId: id });
      return;
    }
    fill.reset();
    if (untouched) setContent('');
    setFilled(null);
  };
  const chooseTemplate = (id: string | null) => {
    if (id && !untouched) setReplacing(id);
    else applyTemplate(id);
  };
  const fillProblem =
    fill.error instanceof ApiError && Object.keys(fill.error.fieldErrors).length > 0
      ? Object.values(fill.error.fieldErrors).flat().join(' ')
      : fill.error?.message;
  const replacingName = templates.data?.find((t) => t.id === replacing)?.name ?? 'the template';

  const submit = () =>
    create.mutate(
      {
        title,
        entityType: record?.type ?? 'client',
        entityId: record?.id ?? '',
        additionalClientIds: additional.map((c) => c.id),
        templateId: templateId ?? undefined,
        effectiveDate,
        expiryDate: expiryDate || undefined,
        // The text the user sees (the template's, filled in, as they left it): what is saved is what they read.
        content: content.trim() ? content : undefined,
      },
      {
        onSuccess: (contract) => {
          notifications.show({ color: 'green', message: `${CONTRACT_MESSAGES.created}: ${contract.reference}` });
          onCreated(contract);
        },
      },
    );
  const error = create.error;
  return (
    <GuardedModal opened={opened} onClose={onClose} unsavedEdits={unsavedEdits} title="New Contract" size="lg">
      <Stack gap="sm">
        {forRecord ? (
          <TextInput
            label={forRecord.type === 'lead' ? 'Lead' : 'Client'}
            value={forRecord.name}
            readOnly
            variant="filled"
          />
        ) : (
          <RecordPicker
            value={record?.id ?? null}
            error={fieldError(error, 'entityId') ?? fieldError(error, 'entityType')}
            onPick={(picked) => {
              setRecord(picked);
              sourceChanged({ record: picked });
            }}
          />
        )}
        <AdditionalClientsPicker
          value={additional}
          exclude={record?.type === 'client' ? record.id : null}
          error={fieldError(error, 'additionalClientIds')}
          onChange={(list) => {
            setAdditional(list);
            sourceChanged({ additional: list });
          }}
        />
        <Select
          label="Template (optional)"
          placeholder={templates.isPending ? 'Loading...' : 'Write the content yourself'}
          clearable
          searchable
          data={(templates.data ?? []).map((t) => ({ value: t.id, label: `${t.name} · ${t.category}` }))}
          value={templateId}
          onChange={chooseTemplate}
        />
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={fieldError(error, 'title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            kind="document"
            label="Effective date"
            required
            value={effectiveDate}
            onChange={(date) => {
              setEffectiveDate(date);
              sourceChanged({ effectiveDate: date });
            }}
            error={fieldError(error, 'effectiveDate')}
          />
          <DateField
            kind="document"
            label="Expiry date"
            value={expiryDate}
            onChange={(date) => {
              setExpiryDate(date);
              sourceChanged({ expiryDate: date });
            }}
            error={fieldError(error, 'expiryDate')}
          />
        </SimpleGrid>
        {template && fill.isPending ? (
          <Alert color="blue" variant="light" title="From the template" icon={<Loader size="xs" />}>
            Filling in “{template.name}” for {record?.name}...
          </Alert>
        ) : template && fill.isError ? (
          <Alert color="red" variant="light" title={`“${template.name}” could not be filled in`}>
            {fillProblem}
          </Alert>
        ) : template && !record ? (
          <Alert color="blue" variant="light" title="From the template">
            Choose the client or lead, and “{template.name}” appears below with its placeholders filled in.
          </Alert>
        ) : template && filled !== null ? (
          <Alert color="blue" variant="light" title="From the template">
            “{template.name}” filled in for {record?.name}: read it and change what you need.
            {OWN_PLACEHOLDER.test(filled)
              ? ' The contract’s reference and title are filled in when it is created.'
              : null}
          </Alert>
        ) : null}
        <div style={{ position: 'relative' }}>
          {/* While filling, the editor waits: nothing typed into it then could be overwritten by the answer. */}
          {fill.isPending ? (
            <Overlay zIndex={2} center blur={1} backgroundOpacity={0.35} color="var(--mantine-color-body)">
              <Loader size="sm" aria-label="Filling in the template" />
            </Overlay>
          ) : null}
          <TaskContentField
            label="Content"
            placeholder="Write the terms of the agreement..."
            value={content}
            onChange={setContent}
            error={fieldError(error, 'content')}
          />
        </div>
        {error && !(error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) ? (
          <Alert color="red">{error.message}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={fill.isPending}>
            Create Contract
          </Button>
        </Group>
      </Stack>
      {/* Mounted only while asking, as the close guard's question (components/close-guard.tsx). */}
      {replacing !== null ? (
        <Modal opened onClose={() => setReplacing(null)} title="Replace the content?" centered>
          <Stack>
            <Text size="sm">
              The content you wrote will be replaced by “{replacingName}” filled in from the record.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReplacing(null)} data-autofocus>
                Keep my content
              </Button>
              <Button color="red" onClick={() => applyTemplate(replacing)}>
                Replace content
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </GuardedModal>
  );
}

type ConfirmKind = 'activate' | 'terminate' | 'delete';

export function ContractPanel({ id, onClose }: { id: string | null; onClose: () => void }) {
  const contract = useContract(id);
  return (
    <GuardedModal opened={id !== null} onClose={onClose} title={contract.data?.title ?? 'Contract'} size="xl">
      {contract.isPending ? (
        <Stack>
          <Skeleton height={24} />
          <Skeleton height={160} />
        </Stack>
      ) : contract.isError ? (
        <Alert color="red" title="Error">
          {contract.error.message}
        </Alert>
      ) : (
        <ContractBody contract={contract.data} onClose={onClose} />
      )}
    </GuardedModal>
  );
}

function ContractBody({ contract, onClose }: { contract: ContractRecord; onClose: () => void }) {
  const { can } = useAuthorization();
  const { formatDate, today } = useDateFormat();
  const update = useUpdateContract();
  const action = useContractAction();
  const remove = useDeleteContract();
  const upload = useUploadSignedCopy();
  const [editing, setEditing] = useState(false);
  // The kind stays while the question fades out after an answer, so its words do not change as it goes.
  const [confirm, setConfirm] = useState<{ kind: ConfirmKind; open: boolean }>({ kind: 'activate', open: false });
  const closeConfirm = () => setConfirm((current) => ({ ...current, open: false }));
  const [title, setTitle] = useState(contract.title);
  const [effectiveDate, setEffectiveDate] = useState(contract.effectiveDate);
  const [expiryDate, setExpiryDate] = useState(contract.expiryDate ?? '');
  const [content, setContent] = useState(contract.content);
  const [additional, setAdditional] = useState<PickedRecord[]>(contract.additionalClients);
  const [file, setFile] = useState<File | null>(null);
  const [signedDate, setSignedDate] = useState(today());
  useCloseGuard(
    file !== null ||
      (editing &&
        differs(
          { title, effectiveDate, expiryDate, content, additional: additional.map((c) => c.id) },
          {
            title: contract.title,
            effectiveDate: contract.effectiveDate,
            expiryDate: contract.expiryDate ?? '',
            content: contract.content,
            additional: contract.additionalClients.map((c) => c.id),
          },
        )),
  );

  const startEdit = () => {
    setTitle(contract.title);
    setEffectiveDate(contract.effectiveDate);
    setExpiryDate(contract.expiryDate ?? '');
    setContent(contract.content);
    setAdditional(contract.additionalClients);
    update.reset();
    setEditing(true);
  };
  const save = () =>
    update.mutate(
      {
        id: contract.id,
        version: contract.version,
        changes: {
          title,
          effectiveDate,
          expiryDate: expiryDate || null,
          content: content || null,
          additionalClientIds: additional.map((c) => c.id),
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: CONTRACT_MESSAGES.updated });
          setEditing(false);
        },
      },
    );
  const runConfirmed = () => {
    if (confirm.kind === 'delete') {
      remove.mutate(contract.id, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: CONTRACT_MESSAGES.deleted });
          closeConfirm();
          onClose();
        },
        onError: (e) => {
          closeConfirm();
          showError(e);
        },
      });
      return;
    }
    action.mutate(
      { id: contract.id, version: contract.version, action: confirm.kind },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: confirm.kind === 'activate' ? CONTRACT_MESSAGES.activated : CONTRACT_MESSAGES.terminated,
          });
          closeConfirm();
        },
        onError: (e) => {
          closeConfirm();
          showError(e);
        },
      },
    );
  };
  const readOnly = contract.readOnly;
  const detail = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text ff="monospace" fw={600}>
            {contract.reference}
          </Text>
          <ContractStatusBadge status={contract.status} />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadContractPdf(contract).catch(showError)}
          >
            Download PDF
          </Button>
          {!readOnly && !editing ? (
            <Button variant="default" onClick={startEdit}>
              Edit
            </Button>
          ) : null}
          {contract.status === 'draft' && can('contracts:edit') ? (
            <Button color="green" onClick={() => setConfirm({ kind: 'activate', open: true })}>
              Activate
            </Button>
          ) : null}
          {contract.status === 'active' && can('contracts:approve') ? (
            <Button color="red" variant="light" onClick={() => setConfirm({ kind: 'terminate', open: true })}>
              Terminate
            </Button>
          ) : null}
          {contract.status === 'draft' && can('contracts:delete') ? (
            <Button color="red" variant="subtle" onClick={() => setConfirm({ kind: 'delete', open: true })}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      {readOnly && (contract.status === 'expired' || contract.status === 'terminated') ? (
        <Alert color="gray" variant="light">
          {CONTRACT_MESSAGES.readOnly(contract.status)}.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {detail(contract.record?.type === 'lead' ? 'Lead' : 'Client', contract.clientName)}
        {detail('Effective date', formatDate(contract.effectiveDate))}
        {detail('Expiry date', contract.expiryDate ? formatDate(contract.expiryDate) : '—')}
        {detail('Signed', contract.signedDate ? formatDate(contract.signedDate) : 'Not yet')}
      </SimpleGrid>
      {contract.additionalClients.length > 0 ? (
        <Text size="sm">Also for: {contract.additionalClients.map((c) => c.name).join(', ')}</Text>
      ) : null}
      <Divider />
      {editing ? (
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={fieldError(update.error, 'title')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              kind="document"
              label="Effective date"
              required
              value={effectiveDate}
              onChange={setEffectiveDate}
              error={fieldError(update.error, 'effectiveDate')}
            />
            <DateField
              kind="document"
              label="Expiry date"
              value={expiryDate}
              onChange={setExpiryDate}
              error={fieldError(update.error, 'expiryDate')}
            />
          </SimpleGrid>
          <AdditionalClientsPicker
            value={additional}
            exclude={contract.record?.type === 'client' ? contract.record.id : null}
            error={fieldError(update.error, 'additionalClientIds')}
            onChange={setAdditional}
          />
          <TaskContentField
            label="Content"
            placeholder="Write the terms of the agreement..."
            value={content}
            onChange={setContent}
          />
          {update.error && !(update.error instanceof ApiError && Object.keys(update.error.fieldErrors).length) ? (
            <Alert color="red">{update.error.message}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button onClick={save} loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      ) : contract.content ? (
        <TaskContentView html={contract.content} />
      ) : (
        <Text c="dimmed" size="sm">
          No content yet.
        </Text>
      )}
      <Divider label="Signed copy" labelPosition="left" />
      {contract.signedFile ? (
        <Group gap="xs">
          <Text size="sm">{contract.signedFile.name}</Text>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() => downloadSignedCopy(contract).catch(showError)}
          >
            Download
          </Button>
        </Group>
      ) : null}
      {!readOnly ? (
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={contract.signedFile ? 'Replace the signed copy' : "Client's signed copy (PDF or image)"}
            placeholder="Choose a file"
            accept=".pdf,.png,.jpg,.jpeg,.webp"
            value={file}
            onChange={setFile}
            clearable
            style={{ flex: '1 1 240px' }}
            error={fieldError(upload.error, 'file')}
          />
          <DateField kind="document" label="Signed date" value={signedDate} onChange={setSignedDate} />
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!file || !signedDate}
            loading={upload.isPending}
            onClick={() =>
              file &&
              upload.mutate(
                { id: contract.id, file, signedDate },
                {
                  onSuccess: () => {
                    setFile(null);
                    notifications.show({ color: 'green', message: CONTRACT_MESSAGES.signed });
                  },
                },
              )
            }
          >
            Upload
          </Button>
        </Group>
      ) : null}

      <Modal
        opened={confirm.open}
        onClose={closeConfirm}
        title={
          confirm.kind === 'activate'
            ? 'Activate contract?'
            : confirm.kind === 'terminate'
              ? 'Terminate contract?'
              : 'Delete contract?'
        }
        size="sm"
      >
        <Stack>
          <Text size="sm">
            {confirm.kind === 'activate'
              ? `${contract.reference} becomes active from ${formatDate(contract.effectiveDate)}.`
              : confirm.kind === 'terminate'
                ? `${contract.reference} will be terminated and can no longer be changed.`
                : `The draft ${contract.reference} will be deleted. Its reference is not reused.`}
          </Text>
          <ConfirmActions
            label={confirm.kind === 'activate' ? 'Activate' : confirm.kind === 'terminate' ? 'Terminate' : 'Delete'}
            color={confirm.kind === 'activate' ? 'green' : 'red'}
            loading={action.isPending || remove.isPending}
            onCancel={() => closeConfirm()}
            onConfirm={runConfirmed}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
