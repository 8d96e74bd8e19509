import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { BID_TIMELINE_LIMIT } from '@shared/messages/dashboard';

const n = z.coerce.number();
const timelineSchema = z.object({
  data: z.array(
    z.object({
      id: n,
      user_id: n,
      bid_amount: n,
      created_at: z.string(),
      user: z
        .object({ name: z.string().nullable().catch(null) })
        .nullable()
        .catch(null),
    }),
  ),
});

/** One bid of the timeline. */
export type TimelineBid = z.infer<typeof timelineSchema>['data'][number];

/**
 * `GET /api/open-item/{id}/bids?limit=10`: the latest bids of an item, highest first, for the
 * History timeline modal. Source: spec/accounts-and-shell.md §7.
 */
export async function getBidTimeline(itemId: number): Promise<TimelineBid[]> {
  return timelineSchema.parse(await apiGet(`/api/open-item/${itemId}/bids`, { limit: BID_TIMELINE_LIMIT })).data;
}
