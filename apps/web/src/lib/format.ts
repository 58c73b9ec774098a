// Every date the app shows goes through here (DECISIONS.md §1, §5, §6): the domain's firm-date formatters
// (calendar/firm-dates.ts, which the server's mails and PDFs use too) bound to the firm's display setting.
import { useMemo } from 'react';
import { firmToday, formatDate, formatDatesIn, formatDayMonth, formatLongDate, formatTime } from '@crm/domain';
import { useDisplaySetting } from '../features/settings/api/display-setting.ts';

/** The firm's display setting and the formatters bound to it, for components. */
export function useDateFormat() {
  const setting = useDisplaySetting();
  return useMemo(
    () => ({
      setting,
      formatDate: (value: string | Date | null | undefined) => formatDate(value, setting),
      formatLongDate: (value: string | Date | null | undefined) => formatLongDate(value, setting),
      formatTime: (value: string | number | Date) => formatTime(value, setting),
      formatDayMonth: (isoDate: string) => formatDayMonth(isoDate, setting),
      formatDatesIn: (text: string) => formatDatesIn(text, setting),
      /** Today in the firm's time zone, YYYY-MM-DD; a function, so a screen left open past midnight moves on. */
      today: () => firmToday(setting.timeZone, new Date()),
    }),
    [setting],
  );
}
