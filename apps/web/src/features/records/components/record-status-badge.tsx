// Status of a lead or client row. Lead styles follow spec 1 §4.1 and a converted lead reads
// 'Client'; client statuses are grey while paused or closed and red when refused or expired.
import { Badge, type BadgeProps } from '@mantine/core';
import {
  type BadgeStyle,
  CONVERTED_STATUS,
  clientStatusLabel,
  leadStatusBadge,
  leadStatusLabel,
  type RecordType,
} from '@crm/domain';

const STYLE_PROPS: Record<BadgeStyle, Pick<BadgeProps, 'color' | 'variant'>> = {
  // The primary colour (no `color`): its text colour follows the theme's contrast variable.
  default: { variant: 'filled' },
  secondary: { color: 'gray', variant: 'default' },
  destructive: { color: 'red.9', variant: 'filled' },
};

const CLIENT_SECONDARY = new Set(['Inactive', 'On Hold', 'Cancelled', 'Completed']);
const CLIENT_DESTRUCTIVE = new Set(['Decision - Refused', 'Visa - Expired']);

function styleOf(type: RecordType, status: string): BadgeStyle {
  if (type === 'lead') return status === CONVERTED_STATUS ? 'default' : leadStatusBadge(status);
  if (CLIENT_DESTRUCTIVE.has(status)) return 'destructive';
  return CLIENT_SECONDARY.has(status) ? 'secondary' : 'default';
}

export function RecordStatusBadge({ type, status }: { type: RecordType; status: string }) {
  return (
    <Badge
      {...STYLE_PROPS[styleOf(type, status)]}
      size="sm"
      radius="sm"
      tt="none"
      fw={600}
      // Long statuses take two lines in the dense Status column.
      styles={{
        root: { height: 'auto', paddingBlock: 2, paddingInline: 8, maxWidth: '100%', width: 'fit-content' },
        label: { whiteSpace: 'normal', lineHeight: 1.35, overflow: 'visible', textAlign: 'left' },
      }}
    >
      {type === 'lead' ? leadStatusLabel(status) : clientStatusLabel(status)}
    </Badge>
  );
}
