// How a service's status, its payment status and a tuition term's status show: the looks are the domain's
// (one look per status, in the Services tab and the Finance overview alike).
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import {
  PAYMENT_STATUS_LOOKS,
  type PaymentStatus,
  SERVICE_MESSAGES,
  SERVICE_STATUS_LOOKS,
  type ServiceStatus,
  TERM_STATUS_LOOKS,
  type TermStatus,
} from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return <StatusBadge look={SERVICE_STATUS_LOOKS[status]}>{status}</StatusBadge>;
}

/**
 * The payment status, named as such for a screen reader ('Payment: Partially Paid'); `wrap`: 'Partially Paid'
 * takes two lines in a dense table.
 */
export function PaymentStatusBadge({ status, wrap = false }: { status: PaymentStatus; wrap?: boolean }) {
  return (
    <StatusBadge look={PAYMENT_STATUS_LOOKS[status]} wrap={wrap}>
      <VisuallyHidden>Payment: </VisuallyHidden>
      {status}
    </StatusBadge>
  );
}

export function TermStatusBadge({ status, size = 'sm' }: { status: TermStatus; size?: 'xs' | 'sm' }) {
  return (
    <StatusBadge look={TERM_STATUS_LOOKS[status]} size={size}>
      {status}
    </StatusBadge>
  );
}

/** Spec 2: a service that came from the lead when it was converted. */
export function TransferredBadge() {
  return (
    <Badge
      size="sm"
      radius="sm"
      tt="none"
      fw={600}
      variant="light"
      color="gray"
      leftSection={<IconArrowRight size={12} aria-hidden />}
    >
      {SERVICE_MESSAGES.transferred}
    </Badge>
  );
}
