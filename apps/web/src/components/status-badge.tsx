// The status badges of every list, card and panel. Their colours are the domain's (one look per status), so
// a status looks the same in the Leads, Clients and All Records tabs, the contacts list and the panels.
import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  type BadgeLook,
  clientStatusLabel,
  clientStatusLook,
  EXPIRY_STATUS_LOOKS,
  type ExpiryStatus,
  leadStatusLabel,
  leadStatusLook,
  type RecordType,
} from '@crm/domain';
import classes from './status-badge.module.css';

type StatusBadgeProps = {
  look: BadgeLook;
  size?: BadgeProps['size'];
  /** A long status takes two lines (dense table columns). */
  wrap?: boolean;
  children: ReactNode;
};

export function StatusBadge({ look, size = 'sm', wrap = false, children }: StatusBadgeProps) {
  return (
    <Badge
      color={look.color}
      variant={look.variant}
      size={size}
      radius="sm"
      tt="none"
      fw={600}
      classNames={wrap ? { root: classes.badge, label: classes.badgeLabel } : undefined}
    >
      {children}
    </Badge>
  );
}

type SizeAndWrap = Pick<StatusBadgeProps, 'size' | 'wrap'>;

/** A lead's status as stored (spec 1 §4.1 styles). */
export function LeadStatusBadge({ status, ...props }: SizeAndWrap & { status: string }) {
  return (
    <StatusBadge look={leadStatusLook(status)} {...props}>
      {status}
    </StatusBadge>
  );
}

/** A client's status; an empty one displays as Active (spec 1 §4.2). */
export function ClientStatusBadge({ status, ...props }: SizeAndWrap & { status: string | null | undefined }) {
  return (
    <StatusBadge look={clientStatusLook(status)} {...props}>
      {clientStatusLabel(status)}
    </StatusBadge>
  );
}

/** A row of the combined list: a converted lead reads 'Client' (spec 1 §4.1). */
export function RecordStatusBadge({ type, status }: { type: RecordType; status: string }) {
  return type === 'lead' ? (
    <StatusBadge look={leadStatusLook(status)} wrap>
      {leadStatusLabel(status)}
    </StatusBadge>
  ) : (
    <ClientStatusBadge status={status} wrap />
  );
}

/** Passport status derived from the expiry date (spec 1 §2.6): N/A, Expired, Expiring Soon (≤ 180 days), Valid. */
export function PassportStatusBadge({
  status,
  size,
  withLabel = false,
}: {
  status: ExpiryStatus;
  size?: BadgeProps['size'];
  withLabel?: boolean;
}) {
  return (
    <StatusBadge look={EXPIRY_STATUS_LOOKS[status]} size={size}>
      {withLabel ? `Passport: ${status}` : status}
    </StatusBadge>
  );
}
