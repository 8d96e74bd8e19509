import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_CLOSE_MS } from '../lib/notify';

/**
 * Where toasts appear (top right, five at most, 300 ms closing animation). Source:
 * spec/accounts-and-shell.md §9. Loaded after the first paint by the providers; toasts shown
 * before it mounts wait in the notifications store.
 */
export function ToastContainer() {
  return <Notifications position="top-right" zIndex={2000} limit={5} transitionDuration={NOTIFICATION_CLOSE_MS} />;
}
