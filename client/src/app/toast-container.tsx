import { Notifications } from '@mantine/notifications';
// The toasts' own styles come with the container, after the first paint (issue 17).
import '@mantine/notifications/styles.layer.css';
import { NOTIFICATION_CLOSE_MS } from '../lib/notify';
import classes from './toast-container.module.css';

/**
 * Where toasts appear (top right below the header, so they never cover its watchlist and cart
 * badges; five at most; 300 ms closing animation). Source: spec/accounts-and-shell.md §9; below
 * the header: issue 20. Loaded after the first paint by the providers; toasts shown before it
 * mounts wait in the notifications store.
 */
export function ToastContainer() {
  return <Notifications position="top-right" zIndex={2000} limit={5} transitionDuration={NOTIFICATION_CLOSE_MS} classNames={{ root: classes.root }} />;
}
