// The Documentation tab's dialogs (spec 3 §2.4): the form (title, category, version — 1.0 for a new one —
// description, content and a file) and the view (dates, description, content and the file's link).
import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFile, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  DEFAULT_DOCUMENT_VERSION,
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_ACCEPT,
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_MESSAGES,
  documentInputSchema,
  type DocumentRecord,
} from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import {
  type DocumentBody,
  downloadDocumentFile,
  useDocument,
  useRemoveDocumentFile,
  useSaveDocument,
  useUploadDocumentFile,
} from '../api/documents.ts';
import { DocumentContent } from './document-content.tsx';
import { differs, GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';

const errorMessage = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : String(error));

export const showError = (error: unknown) =>
  notifications.show({ color: 'red', title: DOCUMENT_MESSAGES.error, message: errorMessage(error) });

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export async function download(doc: Pick<DocumentRecord, 'id' | 'file'>) {
  try {
    await downloadDocumentFile(doc);
  } catch (error) {
    showError(error);
  }
}

/** null: closed; { id: null }: Add Document; { id }: edit that document. */
export type DocumentDialogState = { id: string | null } | null;

export function DocumentFormDialog({ state, onClose }: { state: DocumentDialogState; onClose: () => void }) {
  const phone = usePhoneLayout();
  const existing = useDocument(state?.id ?? null);
  const editing = state?.id != null;
  return (
    <GuardedModal
      opened={state !== null}
      onClose={onClose}
      title={editing ? 'Edit Document' : 'Add Document'}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {state === null ? null : editing && existing.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading document" />
        </Group>
      ) : editing && existing.isError ? (
        <Alert color="red">{DOCUMENT_MESSAGES.loadError(existing.error.message)}</Alert>
      ) : (
        <DocumentForm
          key={existing.data?.id ?? 'new'}
          document={editing ? (existing.data ?? null) : null}
          onClose={onClose}
        />
      )}
    </GuardedModal>
  );
}

const bodyOf = (doc: DocumentRecord | null): Record<keyof DocumentBody, string> => ({
  title: doc?.title ?? '',
  category: doc?.category ?? '',
  documentVersion: doc?.documentVersion ?? DEFAULT_DOCUMENT_VERSION,
  description: doc?.description ?? '',
  content: doc?.generated ? '' : (doc?.content ?? ''),
});

function DocumentForm({ document, onClose }: { document: DocumentRecord | null; onClose: () => void }) {
  const [values, setValues] = useState(() => bodyOf(document));
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveDocument();
  const upload = useUploadDocumentFile();
  const removeFile = useRemoveDocumentFile();
  const parsed = documentInputSchema.safeParse(values);
  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
    return out;
  }, [parsed]);
  const errorOf = (field: keyof DocumentBody) => (submitted ? errors[field] : undefined);
  const set = (key: keyof DocumentBody) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const fileProblem = file && file.size > DOCUMENT_FILE_MAX_BYTES ? DOCUMENT_MESSAGES.fileSize : null;
  const busy = save.isPending || upload.isPending;
  useCloseGuard(file !== null || differs(values, bodyOf(document)));

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success || fileProblem) return;
    const body: DocumentBody = {
      title: values.title,
      category: values.category.trim() || null,
      documentVersion: values.documentVersion,
      description: values.description.trim() || null,
      // A generated document's content is the server's: never sent.
      content: document?.generated ? null : values.content.trim() || null,
    };
    try {
      const saved = await save.mutateAsync({ saved: document ?? null, body });
      if (file) await upload.mutateAsync({ id: saved.id, file });
      notifications.show({ color: 'green', message: document ? DOCUMENT_MESSAGES.updated : DOCUMENT_MESSAGES.created });
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <form
      noValidate
      aria-label={document ? 'Edit document' : 'Add document'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {document ? (
          <Text size="sm" c="dimmed">
            Control number <strong>{document.controlNumber}</strong>
          </Text>
        ) : null}
        <TextInput
          label="Title"
          required
          value={values.title}
          onChange={(e) => set('title')(e.currentTarget.value)}
          error={errorOf('title')}
          data-autofocus
        />
        <Group grow align="flex-start">
          <Autocomplete
            label="Category"
            data={[...DOCUMENT_CATEGORIES]}
            value={values.category}
            onChange={set('category')}
            error={errorOf('category')}
          />
          <TextInput
            label="Version"
            value={values.documentVersion}
            onChange={(e) => set('documentVersion')(e.currentTarget.value)}
            error={errorOf('documentVersion')}
            maw={160}
          />
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          error={errorOf('description')}
        />
        {document?.generated ? (
          <Alert color="blue" variant="light">
            {DOCUMENT_MESSAGES.generatedContent}.
          </Alert>
        ) : (
          <Textarea
            label="Content"
            description="Plain text; # headings, - lists and | tables | are shown formatted"
            autosize
            minRows={6}
            maxRows={16}
            value={values.content}
            onChange={(e) => set('content')(e.currentTarget.value)}
            error={errorOf('content')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        )}
        {document?.file ? (
          <Group gap="xs" wrap="nowrap">
            <IconPaperclip size={16} aria-hidden />
            <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
              {document.file.name} ({fileSize(document.file.size)})
            </Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={removeFile.isPending}
              onClick={() =>
                removeFile.mutate(document.id, {
                  // The form stays open with what was typed; the refreshed document brings the new version.
                  onSuccess: () => notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.fileRemoved }),
                  onError: showError,
                })
              }
            >
              Remove file
            </Button>
          </Group>
        ) : null}
        <FileInput
          label={document?.file ? 'Replace file' : 'File'}
          description="PDF, image, Word, Excel, PowerPoint, OpenDocument or text; at most 10 MB"
          placeholder="Choose a file"
          accept={DOCUMENT_FILE_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          leftSection={<IconFile size={16} aria-hidden />}
          value={file}
          onChange={setFile}
          error={fileProblem ?? undefined}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {document ? 'Save Changes' : 'Add Document'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DocumentViewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const phone = usePhoneLayout();
  const { formatDate, formatTime } = useDateFormat();
  const doc = useDocument(id);
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
  return (
    <Modal opened={id !== null} onClose={onClose} title={doc.data?.title ?? 'Document'} size="xl" fullScreen={phone}>
      {doc.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading document" />
        </Group>
      ) : doc.isError ? (
        <Alert color="red">{DOCUMENT_MESSAGES.loadError(doc.error.message)}</Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="outline" color="gray" tt="none">
              {doc.data.controlNumber}
            </Badge>
            {doc.data.category ? (
              <Badge variant="light" tt="none">
                {doc.data.category}
              </Badge>
            ) : null}
            <Badge variant="outline" tt="none">
              Version {doc.data.documentVersion}
            </Badge>
            {doc.data.generated ? (
              <Badge variant="light" color="teal" tt="none">
                Generated from the live permissions
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            Created {when(doc.data.createdAt)}
            {doc.data.createdByName ? ` by ${doc.data.createdByName}` : ''} · Last updated {when(doc.data.updatedAt)}
            {doc.data.updatedByName ? ` by ${doc.data.updatedByName}` : ''}
          </Text>
          {doc.data.description ? <Text size="sm">{doc.data.description}</Text> : null}
          {doc.data.file ? (
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} />}
                onClick={() => void download(doc.data)}
              >
                {doc.data.file.name}
              </Button>
              <Text size="xs" c="dimmed">
                {fileSize(doc.data.file.size)}
              </Text>
            </Group>
          ) : null}
          {doc.data.content ? (
            <div style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <DocumentContent content={doc.data.content} />
            </div>
          ) : (
            <Text size="sm" c="dimmed">
              No content.
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
