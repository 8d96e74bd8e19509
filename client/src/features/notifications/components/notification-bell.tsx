import { lazy, Suspense } from 'react';

// The bell, its list and its socket wiring are for signed-in users: a guest's page never loads them.
const NotificationBellControl = lazy(() => import('./notification-bell-control').then((m) => ({ default: m.NotificationBellControl })));

/** Header control: the notification bell with the unread count, for a signed-in user (nothing for guests). Source: issue 16. */
export function NotificationBell({ userId }: { userId: number | null }) {
  if (userId == null) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBellControl userId={userId} />
    </Suspense>
  );
}
