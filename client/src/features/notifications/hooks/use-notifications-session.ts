import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { notificationNewEventSchema } from '@shared/schemas/notification.schema';
import { getSocket } from '../../../lib/socket';
import { applyReadAtom, clearNotificationsAtom, loadNotificationsAtom, receiveNotificationAtom } from '../atoms/notification-atoms';

/**
 * Keeps the bell in step: loads the notifications when signed in (and again on every socket
 * reconnect), clears them when not; `notification:new` and `notification:read` on the user's
 * room update it live, no polling. Source: issue 16 "In the app".
 */
export function useNotificationsSession(signedIn: boolean, userId: number | null): void {
  const load = useSetAtom(loadNotificationsAtom);
  const clear = useSetAtom(clearNotificationsAtom);
  const receive = useSetAtom(receiveNotificationAtom);
  const applyRead = useSetAtom(applyReadAtom);

  useEffect(() => {
    if (!signedIn) {
      clear();
      return;
    }
    const reload = () => void load().catch(() => undefined);
    reload();
    const socket = getSocket();
    const onNew = (raw: unknown) => {
      const parsed = notificationNewEventSchema.safeParse(raw);
      if (parsed.success) receive(parsed.data);
    };
    const onRead = (e: { ids: number[] | 'all'; unread: number }) => applyRead(e);
    socket.on('notification:new', onNew);
    socket.on('notification:read', onRead);
    socket.on('connect', reload);
    return () => {
      socket.off('notification:new', onNew);
      socket.off('notification:read', onRead);
      socket.off('connect', reload);
    };
  }, [signedIn, userId, load, clear, receive, applyRead]);
}
