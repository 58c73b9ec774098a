// The contacts page's toasts. Mantine leaves a toast's close button unnamed (an axe 'button-name'
// finding), so each toast here names it.
import { notifications } from '@mantine/notifications';

export function notify(color: 'green' | 'red', message: string) {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': 'Close notification' } });
}
