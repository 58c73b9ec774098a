import { CONTRACT_STATUS_LABELS, CONTRACT_STATUS_LOOKS, type ContractStatus } from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <StatusBadge look={CONTRACT_STATUS_LOOKS[status]}>{CONTRACT_STATUS_LABELS[status]}</StatusBadge>;
}
