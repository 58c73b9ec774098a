// Client status and passport status badges. Filled with deep shades so the white text keeps 4.5:1
// contrast in both themes; an empty status displays as Active (spec 1 §4.2).
import { Badge, type BadgeProps } from '@mantine/core';
import { clientStatusLabel, type ExpiryStatus } from '@crm/domain';

const GREEN = '#15803d';
const RED = '#b91c1c';
const ORANGE = '#c2410c';
const AMBER = '#a16207';
const GREY = '#4b5563';
const BLUE = '#1d4ed8';

const STATUS_COLOURS: Record<string, string> = {
  Active: GREEN,
  Inactive: GREY,
  Reverted: ORANGE,
  'On Hold': AMBER,
  Completed: BLUE,
  Cancelled: RED,
  'Application - Additional Info Required': AMBER,
  'Decision - Granted': GREEN,
  'Decision - Refused': RED,
  'Visa - Active': GREEN,
  'Visa - Expired': RED,
};

const badgeProps = (wrap: boolean): Partial<BadgeProps> => ({
  radius: 'sm',
  tt: 'none',
  fw: 600,
  variant: 'filled',
  styles: wrap
    ? {
        root: { height: 'auto', paddingBlock: 2, paddingInline: 8, maxWidth: '100%', width: 'fit-content' },
        label: { whiteSpace: 'normal', lineHeight: 1.35, overflow: 'visible', textAlign: 'left' },
      }
    : undefined,
});

/** `wrap` lets a long status take two lines (dense table columns). */
export function ClientStatusBadge({
  status,
  size = 'sm',
  wrap = false,
}: {
  status: string | null | undefined;
  size?: BadgeProps['size'];
  wrap?: boolean;
}) {
  const label = clientStatusLabel(status);
  return (
    <Badge {...badgeProps(wrap)} size={size} color={STATUS_COLOURS[label] ?? '#334155'}>
      {label}
    </Badge>
  );
}

const PASSPORT_COLOURS: Record<ExpiryStatus, string> = {
  'N/A': GREY,
  Expired: RED,
  'Expiring Soon': AMBER,
  Valid: GREEN,
};

/** Passport status derived from the expiry date (spec 1 §2.6): N/A, Expired, Expiring Soon (≤ 180 days), Valid. */
export function PassportStatusBadge({
  status,
  size = 'sm',
  withLabel = false,
}: {
  status: ExpiryStatus;
  size?: BadgeProps['size'];
  withLabel?: boolean;
}) {
  return (
    <Badge {...badgeProps(false)} size={size} color={PASSPORT_COLOURS[status]}>
      {withLabel ? `Passport: ${status}` : status}
    </Badge>
  );
}
