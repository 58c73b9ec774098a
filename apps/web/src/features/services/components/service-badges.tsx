// How a service's status, its payment status and a tuition term's status look. Each map is keyed by the
// domain's own list, so a status added there fails to compile here until it has a look.
// TODO(domain): these looks belong beside the statuses in packages/domain/src/services (as the lead and
// client looks do) once the Finance overview shows them too.
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import {
  BADGE_COLOURS,
  type BadgeLook,
  filledBadge,
  type PaymentStatus,
  SERVICE_MESSAGES,
  type ServiceStatus,
  type TermStatus,
} from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';

const SERVICE_STATUS_LOOKS: Record<ServiceStatus, BadgeLook> = {
  Active: filledBadge(BADGE_COLOURS.blue),
  Completed: filledBadge(BADGE_COLOURS.green),
  Pending: filledBadge(BADGE_COLOURS.amber),
  Cancelled: filledBadge(BADGE_COLOURS.grey),
};

const PAYMENT_STATUS_LOOKS: Record<PaymentStatus, BadgeLook> = {
  Paid: filledBadge(BADGE_COLOURS.green),
  'Partially Paid': filledBadge(BADGE_COLOURS.orange),
  Unpaid: filledBadge(BADGE_COLOURS.red),
  'N/A': { variant: 'default' },
};

const TERM_STATUS_LOOKS: Record<TermStatus, BadgeLook> = {
  Paid: filledBadge(BADGE_COLOURS.green),
  'Partially Paid': filledBadge(BADGE_COLOURS.orange),
  Overdue: filledBadge(BADGE_COLOURS.red),
  Pending: { variant: 'default' },
};

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return <StatusBadge look={SERVICE_STATUS_LOOKS[status]}>{status}</StatusBadge>;
}

/** The payment status, named as such for a screen reader ('Payment: Partially Paid'). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <StatusBadge look={PAYMENT_STATUS_LOOKS[status]}>
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
