// The toasts' container with its styles: loaded by AppNotifications (app-notifications.tsx).
import '@mantine/notifications/styles.css';
import { Notifications, type NotificationsProps } from '@mantine/notifications';

export function NotificationsContainer(props: NotificationsProps) {
  return <Notifications {...props} />;
}
