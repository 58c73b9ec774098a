// Administration › Data Management › Phone numbers to review: the stored contact numbers that do not read as a
// number of any country, left as they were when the others were put in international form (decision 0005).
// Each opens its record, where the number is corrected with its country.
import { Alert, Anchor, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PhoneNumberReviewItem, PhoneReviewRecordType } from '@crm/domain';
import { FoldedText } from '../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn, ListTable } from '../../components/list-table/list-table.tsx';
import { useDateFormat } from '../../lib/format.ts';
import { usePhoneNumberReview } from './api/phone-number-review.ts';

const TYPE_LABELS: Record<PhoneReviewRecordType, string> = { lead: 'Lead', client: 'Client', contact: 'Contact' };

// Below 560 px a row is the record (its type and when it was found folded under it) and the number.
const COLUMNS: readonly ListColumn[] = [
  { key: 'record', label: 'Record' },
  { key: 'type', label: 'Type', width: 100, minListWidth: 560 },
  { key: 'number', label: 'Number as stored', width: 180 },
  { key: 'found', label: 'Found', width: 130, minListWidth: 480 },
];

/** Leads and clients open in their panel; a contact (no panel of its own) is found in its list by email. */
function RecordLink({ item }: { item: PhoneNumberReviewItem }) {
  const { recordType } = item;
  return (
    <Anchor
      size="sm"
      renderRoot={(props) =>
        recordType === 'contact' ? (
          // /contacts reads its search params itself (contacts-search.ts), so the router does not type them.
          <Link {...props} to="/contacts" search={{ search: item.email } as Record<string, unknown>} />
        ) : (
          <Link {...props} to="/leads-clients" search={{ view: item.recordId, type: recordType }} />
        )
      }
    >
      {item.name}
    </Anchor>
  );
}

export function PhoneNumberReviewCard() {
  const review = usePhoneNumberReview();
  const { formatDate } = useDateFormat();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={3}>Phone numbers to review</Title>
          <Text size="sm" c="dimmed">
            Stored numbers that are not a valid number of any country, left as they were when the others were put in
            international form. Open each record and enter its number with its country.
          </Text>
        </div>
        {review.isPending ? (
          <Loader size="sm" aria-label="Loading the numbers to review" />
        ) : review.isError ? (
          <Alert color="red" variant="light">
            The numbers to review could not be loaded.
          </Alert>
        ) : review.data.total === 0 ? (
          <Text size="sm">Every stored phone number reads as a number of its country.</Text>
        ) : (
          <>
            <Text size="sm">
              {review.data.total === 1 ? '1 number to review' : `${review.data.total} numbers to review`}
              {review.data.total > review.data.items.length ? ` (the first ${review.data.items.length} shown)` : ''}
            </Text>
            <ListTable label="Phone numbers to review" columns={COLUMNS} loading={false}>
              {review.data.items.map((item) => (
                <Table.Tr key={`${item.recordType}:${item.recordId}`}>
                  <Table.Td>
                    <RecordLink item={item} />
                    <FoldedText
                      lines={[
                        [
                          ['type', TYPE_LABELS[item.recordType]],
                          ['found', formatDate(item.foundAt)],
                        ],
                      ]}
                    />
                  </Table.Td>
                  <ListCell column="type">{TYPE_LABELS[item.recordType]}</ListCell>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.contactNumber}</Table.Td>
                  <ListCell column="found">{formatDate(item.foundAt)}</ListCell>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </Stack>
    </Card>
  );
}
