import { describe, expect, it } from 'vitest';
import { auditTypeLabel } from '@shared/schemas/audit.schema.js';
import { summarisePayload } from '../../../client/src/features/audit/utils/summarise-payload.js';

const facts = (type: string, payload: Record<string, unknown>) =>
  summarisePayload(type, payload).map((l) => (l.kind === 'fact' ? l.text : `${l.field}: ${l.before} → ${l.after}`));

const room = (status: string, message: string | null = null) => ({ status, lot_id: 7, online_locked: false, message });

describe('the audit trail reads the live room (issue 15)', () => {
  it("when the clerk acts or an online bid is taken, then each reads as what happened, on which lot, and the room's status change", () => {
    expect(auditTypeLabel('live.changed')).toBe('Live room');
    const base = { sale_id: 3, name: 'Blantyre Monthly', seq: 4, lot_id: 7, amount: null, paddle: null, user_id: null, undone: null };
    expect(facts('live.changed', { ...base, action: 'floor-bid', amount: 12_250_000, paddle: '12', before: room('open'), after: room('open') })).toEqual([
      'Floor bid MK 12,250,000 on lot #7, paddle 12',
    ]);
    expect(
      facts('live.changed', { ...base, action: 'online-bid', amount: 12_500_000, user_id: 41, before: room('fair_warning'), after: room('open') })[0],
    ).toBe('Online bid MK 12,500,000 on lot #7 by user #41');
    expect(facts('live.changed', { ...base, action: 'sold', amount: 12_500_000, before: room('fair_warning'), after: room('sold') })).toEqual([
      'Sold lot #7 for MK 12,500,000',
      'Room: fair warning → sold',
    ]);
    expect(facts('live.changed', { ...base, action: 'undo', undone: 'pass', before: room('passed'), after: room('open') })[0]).toBe(
      'Undid the last action (pass)',
    );
    expect(facts('live.changed', { ...base, action: 'message', before: room('open'), after: room('open', 'Lot 12 withdrawn') })).toEqual([
      'Message to bidders: “Lot 12 withdrawn”',
    ]);
  });
});
