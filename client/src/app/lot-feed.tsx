import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../features/auth/hooks/use-session';
import { getSocket } from '../lib/socket';
import { startLotFeed } from '../lib/lot-cache';

/**
 * Applies the socket's lot events to the server-state cache for the whole app (lib/lot-cache.ts),
 * with the signed-in user's id for their Winning/Outbid standing. Mounted once next to the router.
 * Source: issue 19 "Server data on the client".
 */
export function LotFeed() {
  const qc = useQueryClient();
  const { user } = useSession();
  const userId = useRef<number | null>(null);
  userId.current = user?.id ?? null;
  useEffect(() => startLotFeed(qc, getSocket(), () => userId.current), [qc]);
  return null;
}
