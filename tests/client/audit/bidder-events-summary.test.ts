import { describe, expect, it } from 'vitest';
import { summarisePayload } from '../../../client/src/features/audit/utils/summarise-payload';

describe('the audit trail\'s summary of operators\' bidder actions (issue 13 "Bidders")', () => {
  it('when a bidder is blocked, unblocked, limited or given a role, then one readable line each, money as MK', () => {
    expect(summarisePayload('user.blocked', { user_id: 4, reason: 'Unpaid invoices' })).toEqual([
      { kind: 'fact', text: 'Bidding blocked: their bids are refused, their leads stand' },
      { kind: 'fact', text: 'Reason: “Unpaid invoices”' },
    ]);
    expect(summarisePayload('user.unblocked', { user_id: 4, reason: 'Unpaid invoices' })).toEqual([
      { kind: 'fact', text: 'Bidding allowed again' },
      { kind: 'fact', text: 'Had been blocked for: “Unpaid invoices”' },
    ]);
    expect(summarisePayload('user.bid_limit_changed', { user_id: 4, before: null, after: 500_000 })).toEqual([
      { kind: 'change', field: 'Spending limit', before: 'No limit', after: 'MK 500,000' },
    ]);
    expect(summarisePayload('user.role_granted', { user_id: 4, role: 'admin' })).toEqual([{ kind: 'fact', text: 'Granted the admin role' }]);
    expect(summarisePayload('user.role_revoked', { user_id: 4, role: 'admin' })).toEqual([{ kind: 'fact', text: 'The admin role removed' }]);
  });
});
