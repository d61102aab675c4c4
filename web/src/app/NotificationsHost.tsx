import { Notifications } from '@mantine/notifications';

/** The notification container, in its own chunk: AppProviders mounts it with the first notification. */
export default function NotificationsHost() {
  return <Notifications position="top-center" />;
}
