// Whether the window is phone-sized (below 768 px, Mantine's `sm`): the sidebar becomes a drawer,
// panels take the full width and secondary figures fold away (DECISIONS.md §5).
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_MEDIA_QUERY = '(max-width: 47.99em)';

export function usePhoneLayout(): boolean {
  // Read at once rather than after the first paint, so a phone never sees the desktop layout flash.
  return useMediaQuery(PHONE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
