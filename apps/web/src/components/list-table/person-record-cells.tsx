// The cells the leads and clients tables share: the two lists show the same person columns around
// their own status cells. A list too narrow for the ID column shows the id under the name, and one
// too narrow for Location shows the location under the desired visa.
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CellText, ContactText, DateText, DisplayIdText, NameText } from './list-cells.tsx';
import { ListCell, useListLayout } from './list-table.tsx';

/** The fields of a lead or a client that their list rows show. */
type PersonRecord = {
  displayId: string;
  email: string;
  contactNumberDisplay: string;
  applicantLocation: string | null;
  desiredVisa: string | null;
  manager: { fullName: string } | null;
  createdAt: string;
  isHidden: boolean;
};

type PersonRecordCellsProps = {
  record: PersonRecord;
  name: string;
  /** The list's status column(s), between Contact and Location. */
  statusCells: ReactNode;
};

export function PersonRecordCells({ record, name, statusCells }: PersonRecordCellsProps) {
  const { shows } = useListLayout();
  return (
    <>
      <ListCell column="id">
        <DisplayIdText>{record.displayId}</DisplayIdText>
      </ListCell>
      <Table.Td>
        <NameText
          name={name}
          hidden={record.isHidden}
          secondary={shows('id') ? null : <DisplayIdText>{record.displayId}</DisplayIdText>}
        />
      </Table.Td>
      <ListCell column="contact">
        <ContactText email={record.email} phone={record.contactNumberDisplay} />
      </ListCell>
      {statusCells}
      <ListCell column="location">
        <CellText>{record.applicantLocation}</CellText>
      </ListCell>
      <ListCell column="desiredVisa">
        <CellText>{record.desiredVisa}</CellText>
        {shows('location') || !record.applicantLocation ? null : (
          <Text size="xs" c="dimmed" truncate="end">
            {record.applicantLocation}
          </Text>
        )}
      </ListCell>
      <ListCell column="manager">
        <CellText empty="Unassigned">{record.manager?.fullName}</CellText>
      </ListCell>
      <ListCell column="created">
        <DateText value={record.createdAt} />
      </ListCell>
    </>
  );
}
