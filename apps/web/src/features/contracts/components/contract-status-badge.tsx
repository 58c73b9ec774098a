import { Badge } from '@mantine/core';
import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@crm/domain';

const COLOURS: Record<ContractStatus, string> = {
  draft: 'gray',
  active: 'green',
  expired: 'orange',
  terminated: 'red',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return (
    <Badge variant="light" color={COLOURS[status]}>
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}
