import { describe, expect, it } from 'vitest';
import { summarisePayload } from '../../../client/src/features/audit/utils/summarise-payload.js';
import { auditTypeLabel } from '@shared/schemas/audit.schema.js';
import { auditHref } from '../../../client/src/lib/audit-links.js';

describe('the audit trail reads payloads as operators do', () => {
  it('when an order status or a registration decision changes, then one before → after line in operators’ words, with the reason', () => {
    expect(
      summarisePayload('order.status_changed', {
        order_id: 4,
        reference: 'GAV-1',
        before: 'awaiting_payment',
        after: 'cancelled',
        item_ids: [1],
        reason: ' Buyer phoned ',
      }),
    ).toEqual([
      { kind: 'change', field: 'Status', before: 'awaiting payment', after: 'cancelled' },
      { kind: 'fact', text: 'Reason: “Buyer phoned”' },
    ]);
    expect(
      summarisePayload('registration.decided', {
        registration_id: 2,
        user_id: 5,
        auction_type_id: 1,
        auction_name: 'Live',
        before: 'pending',
        after: 'active',
        reason: null,
      }),
    ).toEqual([{ kind: 'change', field: 'Decision', before: 'pending', after: 'approved' }]);
  });

  it('when an advert or a lot is edited, then only the fields that changed are listed, money as MK', () => {
    expect(
      summarisePayload('advert.changed', {
        advert_id: 3,
        action: 'updated',
        before: { description: 'Old banner', active: true, updated_at: 'a' },
        after: { description: 'New banner', active: true, updated_at: 'b' },
      }),
    ).toEqual([{ kind: 'change', field: 'Description', before: 'Old banner', after: 'New banner' }]);
    expect(summarisePayload('advert.changed', { advert_id: 3, action: 'created', before: null, after: { description: 'Sale on Saturday' } })).toEqual([
      { kind: 'fact', text: 'Created' },
      { kind: 'fact', text: '“Sale on Saturday”' },
    ]);
    expect(
      summarisePayload('item.updated', {
        item_id: 9,
        changes: { target_amount: { before: 100000, after: 1250000 }, reserve_price: { before: null, after: 900000 } },
      }),
    ).toEqual([
      { kind: 'change', field: 'Target amount', before: 'MK 100,000', after: 'MK 1,250,000' },
      { kind: 'change', field: 'Reserve price', before: '—', after: 'MK 900,000' },
    ]);
  });

  it('when an event has no before and after, then one plain fact; an unknown type still shows a few of its fields', () => {
    expect(summarisePayload('auction.closed', { item_id: 1, status: 'sold', closed_by: 7, bid_amount: 150000, order_id: 12 })).toEqual([
      { kind: 'fact', text: 'Sold for MK 150,000 to user #7' },
      { kind: 'fact', text: 'Order #12 created' },
    ]);
    expect(summarisePayload('auction.closed', { item_id: 1, status: 'unsold', closed_by: null, bid_amount: null, order_id: null })).toEqual([
      { kind: 'fact', text: 'Closed unsold' },
    ]);
    expect(summarisePayload('watchlist.changed', { user_id: 1, item_id: 44, watching: false })).toEqual([{ kind: 'fact', text: 'Stopped watching Lot #44' }]);
    expect(
      summarisePayload('order.placed', {
        order_id: 1,
        reference: 'R',
        method: 'cash',
        status: 'reserved',
        total: 95000,
        item_ids: [],
        owner: {},
        reserved_until: null,
      }),
    ).toEqual([{ kind: 'fact', text: 'MK 95,000 by cash on delivery' }]);
    expect(summarisePayload('payment.refund_issued', { order_id: 1, amount: 5000, provider: 'dpopay' })).toEqual([
      { kind: 'fact', text: 'Amount: MK 5,000' },
      { kind: 'fact', text: 'Provider: dpopay' },
    ]);
    expect(
      summarisePayload('user.profile_updated', {
        user_id: 3,
        before: { name: 'Chikondi', email: 'c@example.mw' },
        after: { name: 'Chikondi Banda', email: 'c@example.mw' },
        password_changed: false,
      }),
    ).toEqual([{ kind: 'change', field: 'Name', before: 'Chikondi', after: 'Chikondi Banda' }]);
    expect(summarisePayload('user.billing_address_changed', { user_id: 3, before: null, after: { town: 'Blantyre' } })).toEqual([
      { kind: 'change', field: 'Town', before: '—', after: 'Blantyre' },
    ]);
    expect(auditTypeLabel('order.status_changed')).toBe('Order status changed');
    expect(auditTypeLabel('payment.refund_issued')).toBe('Payment refund issued');
  });

  it("when linking to a lot's history or a user's actions, then the audit address carries exactly those filters", () => {
    expect(auditHref({ subject_type: 'item', subject_id: 12 })).toBe('/admin/audit?subject_type=item&subject_id=12');
    expect(auditHref({ actor_id: 5 })).toBe('/admin/audit?actor_id=5');
    expect(auditHref({})).toBe('/admin/audit');
  });
});
