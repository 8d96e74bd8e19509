import { atom } from 'jotai';
import type { NotificationView } from '@shared/schemas/notification.schema';
import { getNotifications } from '../api/get-notifications';
import { markNotificationsRead } from '../api/mark-notifications-read';

/** The signed-in user's notifications as the bell shows them: newest first, the unread count, and whether older ones exist. */
export interface NotificationsState {
  items: NotificationView[];
  unread: number;
  hasMore: boolean;
  loaded: boolean;
}

const EMPTY: NotificationsState = { items: [], unread: 0, hasMore: false, loaded: false };

/** The bell's state (issue 16 "In the app"). */
export const notificationsAtom = atom<NotificationsState>(EMPTY);

/** Loads the newest page (on sign-in and every socket reconnect: events may have been missed). */
export const loadNotificationsAtom = atom(null, async (_get, set) => {
  const page = await getNotifications();
  set(notificationsAtom, { items: page.data, unread: page.unread, hasMore: page.has_more, loaded: true });
});

/** Appends the next older page. */
export const loadOlderNotificationsAtom = atom(null, async (get, set) => {
  const state = get(notificationsAtom);
  const last = state.items.at(-1);
  if (!last || !state.hasMore) return;
  const page = await getNotifications(last.id);
  set(notificationsAtom, (s) => ({ ...s, items: [...s.items, ...page.data.filter((n) => !s.items.some((m) => m.id === n.id))], hasMore: page.has_more }));
});

/** Forgets everything (sign-out). */
export const clearNotificationsAtom = atom(null, (_get, set) => set(notificationsAtom, EMPTY));

/** `notification:new`: puts the notification first (a refreshed outbid moves up, not twice) with the server's unread count. */
export const receiveNotificationAtom = atom(null, (_get, set, event: { notification: NotificationView; unread: number }) => {
  set(notificationsAtom, (s) => ({ ...s, items: [event.notification, ...s.items.filter((n) => n.id !== event.notification.id)], unread: event.unread }));
});

/** `notification:read` from another tab, or this one's own marking: marks them read here with the server's unread count. */
export const applyReadAtom = atom(null, (_get, set, event: { ids: number[] | 'all'; unread: number }) => {
  const now = new Date().toISOString();
  set(notificationsAtom, (s) => ({
    ...s,
    unread: event.unread,
    items: s.items.map((n) => (n.read_at == null && (event.ids === 'all' || event.ids.includes(n.id)) ? { ...n, read_at: now } : n)),
  }));
});

/** Marks some (or all) read on the server, then here. */
export const markReadAtom = atom(null, async (_get, set, ids: number[] | 'all') => {
  const unread = await markNotificationsRead(ids);
  set(applyReadAtom, { ids, unread });
});
