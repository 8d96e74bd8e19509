import { notifications } from '@mantine/notifications';

/**
 * Notification durations in ms. Source: spec/accounts-and-shell.md §9
 * (default 5000; error 7000; warning 6000; info and success 5000).
 */
export const NOTIFICATION_DURATION = { error: 7000, warning: 6000, info: 5000, success: 5000 } as const;

/** Default duration and the closing animation in ms. Source: spec §9 (default 5000; closing animation 300 ms). */
export const NOTIFICATION_DEFAULT_MS = 5000;
export const NOTIFICATION_CLOSE_MS = 300;

type Kind = keyof typeof NOTIFICATION_DURATION;
const COLOR: Record<Kind, string> = { error: 'red', warning: 'orange', info: 'blue', success: 'green' };

function show(kind: Kind, title: string | undefined, message: string, opts?: { persistent?: boolean; id?: string }) {
  notifications.show({
    // The same toast asked for again while it is still showing (a button pressed twice) is not
    // stacked: Mantine ignores a notification whose id is already shown.
    id: opts?.id ?? `${kind}:${title ?? ''}:${message}`,
    title,
    message,
    color: COLOR[kind],
    autoClose: opts?.persistent ? false : NOTIFICATION_DURATION[kind],
    withBorder: true,
    // The close button is an icon: a screen reader needs its name.
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

/** Shows a green success toast (5 s). */
export function notifySuccess(message: string, title?: string): void {
  show('success', title, message);
}

/** Shows a red error toast (7 s). */
export function notifyError(message: string, title?: string): void {
  show('error', title, message);
}

/** Shows an orange warning toast (6 s). */
export function notifyWarning(message: string, title?: string): void {
  show('warning', title, message);
}

/** Shows a blue info toast (5 s). */
export function notifyInfo(message: string, title?: string): void {
  show('info', title, message);
}

/** A notification as the spec describes it. Source: spec/accounts-and-shell.md §3 "Notification". */
export interface AppNotification {
  id?: string;
  type: Kind;
  title?: string;
  message: string;
  /** ms; defaults to the type's duration. */
  duration?: number;
  /** Stays until closed. */
  persistent?: boolean;
}

/** Shows a notification; auto-dismissed after its duration unless persistent; closing animates 300 ms. */
export function notify(n: AppNotification): void {
  notifications.show({
    id: n.id,
    title: n.title,
    message: n.message,
    color: COLOR[n.type],
    autoClose: n.persistent ? false : (n.duration ?? NOTIFICATION_DURATION[n.type] ?? NOTIFICATION_DEFAULT_MS),
    withBorder: true,
    // The close button is an icon: a screen reader needs its name.
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
