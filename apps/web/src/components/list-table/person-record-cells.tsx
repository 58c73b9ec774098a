// The cells the leads and clients tables share: the two lists show the same person columns around
// their own status cells.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { CellText, ContactText, DateText, DisplayIdText, NameText } from './list-cells.tsx';

/** The fields of a lead or a client that their list rows show. */
type PersonRecord = {
  displayId: string;
  email: string;
  contactNumber: string;
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
  return (
    <>
      <Table.Td>
        <DisplayIdText>{record.displayId}</DisplayIdText>
      </Table.Td>
      <Table.Td>
        <NameText name={name} hidden={record.isHidden} />
      </Table.Td>
      <Table.Td>
        <ContactText email={record.email} phone={record.contactNumber} />
      </Table.Td>
      {statusCells}
      <Table.Td>
        <CellText>{record.applicantLocation}</CellText>
      </Table.Td>
      <Table.Td>
        <CellText>{record.desiredVisa}</CellText>
      </Table.Td>
      <Table.Td>
        <CellText empty="Unassigned">{record.manager?.fullName}</CellText>
      </Table.Td>
      <Table.Td>
        <DateText value={record.createdAt} />
      </Table.Td>
    </>
  );
}
