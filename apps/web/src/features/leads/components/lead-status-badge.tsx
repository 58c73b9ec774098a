// Lead status badge with the styles of spec 1 §4.1: destructive (red) for Ineligible and
// Not Proceeding / Lost, secondary (grey) for In Screening and Consultation Only, default otherwise.
import { Badge, type BadgeProps } from '@mantine/core';
import { type BadgeStyle, leadStatusBadge } from '@crm/domain';

const STYLE_PROPS: Record<BadgeStyle, Pick<BadgeProps, 'color' | 'variant'>> = {
  // The primary colour (no `color`): its text colour follows the theme's contrast variable.
  default: { variant: 'filled' },
  secondary: { color: 'gray', variant: 'default' },
  destructive: { color: 'red.9', variant: 'filled' },
};

/** `wrap` lets a long status take two lines (dense table columns). */
export function LeadStatusBadge({
  status,
  size = 'sm',
  wrap = false,
}: {
  status: string;
  size?: BadgeProps['size'];
  wrap?: boolean;
}) {
  return (
    <Badge
      {...STYLE_PROPS[leadStatusBadge(status)]}
      size={size}
      radius="sm"
      tt="none"
      fw={600}
      styles={
        wrap
          ? {
              root: { height: 'auto', paddingBlock: 2, paddingInline: 8, maxWidth: '100%', width: 'fit-content' },
              label: { whiteSpace: 'normal', lineHeight: 1.35, overflow: 'visible', textAlign: 'left' },
            }
          : undefined
      }
    >
      {status}
    </Badge>
  );
}
