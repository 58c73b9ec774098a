// The firm's display setting (DECISIONS.md §1, §6): one time zone and one date format, read by every
// screen, mail, PDF and export. Stored under the key display_settings; Administration II edits it.
import { z } from 'zod';

/**
 * The date patterns a firm may choose (calendar/firm-dates.ts writes them); the first is the default
 * (DECISIONS.md §5: dd MMM yyyy).
 */
export const DATE_FORMATS = ['DD MMM YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const DISPLAY_SETTING_KEY = 'display_settings';

/** Whether the runtime knows the IANA zone ('Australia/Sydney', 'UTC'); Intl refuses unknown ones. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_DISPLAY_SETTING = { timeZone: 'Australia/Sydney', dateFormat: 'DD MMM YYYY' } as const satisfies {
  timeZone: string;
  dateFormat: DateFormat;
};

export const displaySettingSchema = z
  .object({
    timeZone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
    dateFormat: z.enum(DATE_FORMATS),
  })
  .meta({ example: DEFAULT_DISPLAY_SETTING });
export type DisplaySetting = z.infer<typeof displaySettingSchema>;
