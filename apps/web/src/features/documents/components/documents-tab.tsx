// Administration → Documentation (spec 3 §2.4, §8; issue 15 item 8): search by control number, title or
// category, 'Add Document', the table (control number, title, category, version, last updated; view, edit,
// delete, download) with keyset pages, and, on the first open of an empty library, the built-in documents
// with the spec's toasts.
import { ActionIcon, Alert, Button, Card, EmptyState, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconFileText, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DOCUMENT_MESSAGES, type DocumentSummary } from '@crm/domain';
import { ListCell, type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { ListToolbar, ListUpdating } from '../../../components/list-toolbar.tsx';
import { PagedListBody } from '../../../components/paged-list-body.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useListPaging } from '../../../lib/use-list-paging.ts';
import { useDeleteDocument, useDocuments, useSeedDocuments } from '../api/documents.ts';
import {
  type DocumentDialogState,
  DocumentFormDialog,
  DocumentViewDialog,
  download,
  showError,
} from './document-dialogs.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

/** First open of an empty library: the built-in documents, once (the server keeps it to once). */
function useBuiltInDocuments(empty: boolean) {
  const seed = useSeedDocuments();
  const asked = useRef(false);
  useEffect(() => {
    if (!empty || asked.current) return;
    asked.current = true;
    seed.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status !== 'created') return;
        if (result.created < result.expected) {
          console.warn(`Built-in documentation: ${result.created} of ${result.expected} documents created`);
          notifications.show({
            color: 'yellow',
            title: DOCUMENT_MESSAGES.initWarning,
            message: DOCUMENT_MESSAGES.initWarningText,
          });
        } else {
          notifications.show({
            color: 'green',
            title: DOCUMENT_MESSAGES.initialized,
            message: DOCUMENT_MESSAGES.initializedText,
          });
        }
      },
      onError: (error) => {
        console.error('Built-in documentation failed', error);
        notifications.show({
          color: 'red',
          title: DOCUMENT_MESSAGES.initFailed,
          message: DOCUMENT_MESSAGES.initFailedText,
        });
      },
    });
  }, [empty, seed]);
  return seed.isPending;
}

const COLUMNS: readonly ListColumn[] = [
  { key: 'controlNumber', label: 'Control Number', width: 150, minListWidth: 480 },
  { key: 'title', label: 'Title' },
  { key: 'category', label: 'Category', width: 170, minListWidth: 640 },
  { key: 'version', label: 'Version', width: 90, minListWidth: 760 },
  { key: 'updatedAt', label: 'Last Updated', width: 150, minListWidth: 560 },
];

export function DocumentsTab() {
  const { can } = useAuthorization();
  const { formatDate } = useDateFormat();
  const [search, setSearch] = useState<string | undefined>(undefined);
  const paging = useListPaging();
  const [editing, setEditing] = useState<DocumentDialogState>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const list = useDocuments({ search, ...paging.params });
  const remove = useDeleteDocument();
  const page = list.data;
  const items = page?.items ?? [];
  const libraryEmpty = list.isSuccess && !list.isPlaceholderData && !search && !page?.prevCursor && items.length === 0;
  const seeding = useBuiltInDocuments(libraryEmpty && can('admin:create'));

  return (
    <Stack gap="md">
      <Card withBorder padding={0} radius="md">
        <ListToolbar>
          <Group gap="sm" style={{ flex: '1 1 320px' }} wrap="nowrap">
            <SearchBox
              label="Search documents"
              placeholder={DOCUMENT_MESSAGES.searchPlaceholder}
              maxWidth={360}
              onSearch={(value) => {
                setSearch(value);
                paging.restart();
              }}
            />
            <ListUpdating list={list} busy={seeding} />
          </Group>
          {can('admin:create') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null })}>
              Add Document
            </Button>
          ) : null}
        </ListToolbar>

        <PagedListBody
          list={list}
          errorTitle="Error loading documents:"
          empty={
            <EmptyState
              py={48}
              icon={<IconFileText size={28} />}
              title={DOCUMENT_MESSAGES.empty}
              description={search ? DOCUMENT_MESSAGES.noMatches : 'Add a document to get started.'}
            />
          }
          waiting={seeding}
          {...paging}
        >
          <ListTable
            label="Documents"
            columns={COLUMNS}
            horizontalSpacing="sm"
            loading={list.isPending || (seeding && items.length === 0)}
            actions={{ width: 120, labelHidden: true }}
          >
            {items.map((doc) => (
              <Table.Tr key={doc.id} aria-label={doc.title}>
                <ListCell column="controlNumber" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {doc.controlNumber}
                  </Text>
                </ListCell>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {doc.title}
                  </Text>
                  {doc.description ? (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {doc.description}
                    </Text>
                  ) : null}
                </Table.Td>
                <ListCell column="category">
                  <Text size="sm">{doc.category ?? '—'}</Text>
                </ListCell>
                <ListCell column="version">
                  <Text size="sm">{doc.documentVersion}</Text>
                </ListCell>
                <ListCell column="updatedAt" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(doc.updatedAt)}</Text>
                </ListCell>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="View">
                      <ActionIcon variant="subtle" aria-label={`View ${doc.title}`} onClick={() => setViewing(doc.id)}>
                        <IconEye size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {can('admin:edit') ? (
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${doc.title}`}
                          onClick={() => setEditing({ id: doc.id })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    {can('admin:delete') ? (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${doc.title}`}
                          onClick={() => setDeleting(doc)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    <Tooltip label={doc.file ? `Download ${doc.file.name}` : 'No file'}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Download ${doc.title}`}
                        disabled={!doc.file}
                        onClick={() => void download(doc)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </PagedListBody>
      </Card>

      <DocumentFormDialog state={editing} onClose={() => setEditing(null)} />
      <DocumentViewDialog id={viewing} onClose={() => setViewing(null)} />

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Document" size="md">
        {deleting ? (
          <Stack>
            <Alert color="red" variant="light">
              {DOCUMENT_MESSAGES.deleteConfirm}
            </Alert>
            <Text size="sm">
              {deleting.controlNumber}: <strong>{deleting.title}</strong>
              {deleting.file ? ` (and its file ${deleting.file.name})` : ''}
            </Text>
            <ConfirmActions
              gap="sm"
              label="Delete"
              loading={remove.isPending}
              onCancel={() => setDeleting(null)}
              onConfirm={() =>
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.deleted });
                    setDeleting(null);
                  },
                  onError: showError,
                })
              }
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
