import { describe, expect, it } from 'vitest';
import { auditTypeLabel } from '@shared/schemas/audit.schema.js';
import { summarisePayload } from '../../../client/src/features/audit/utils/summarise-payload.js';

const facts = (type: string, payload: Record<string, unknown>) =>
  summarisePayload(type, payload).map((l) => (l.kind === 'fact' ? l.text : `${l.field}: ${l.before} → ${l.after}`));

describe('the audit trail reads the back office’s lot events (issue 13 "Lots (items)")', () => {
  it('when a lot is created, copied, edited, withdrawn, relisted or its pictures change, then each reads as a sentence with its label', () => {
    expect(auditTypeLabel('lot.created')).toBe('Lot created');
    expect(auditTypeLabel('lot.withdrawn')).toBe('Lot withdrawn');
    expect(facts('lot.created', { item_id: 9, name: 'Toyota Hilux', auction_type_id: 3 })).toEqual(['Created in sale #3: “Toyota Hilux”']);
    expect(facts('lot.created', { item_id: 10, name: 'Toyota Hilux', auction_type_id: 3, duplicated_from: 9 })).toEqual(['Copied from lot #9 into sale #3']);
    expect(facts('lot.updated', { item_id: 9, changes: { target_amount: { before: 1_000_000, after: 900_000 } } })).toEqual([
      'Target amount: MK 1,000,000 → MK 900,000',
    ]);
    expect(facts('lot.withdrawn', { item_id: 9, reason: 'Owner paid the debt', leader_id: 14 })).toEqual([
      'Withdrawn while user #14 was leading',
      'Reason: “Owner paid the debt”',
    ]);
    expect(facts('lot.withdrawn', { item_id: 9, reason: 'Damaged', leader_id: null })[0]).toBe('Withdrawn (no leading bidder)');
    expect(facts('lot.relisted', { item_id: 11, from_item_id: 9, auction_type_id: 4 })).toEqual(['Relisted from unsold lot #9 into sale #4']);
    expect(facts('lot.images_changed', { item_id: 9, action: 'added', image_ids: [1, 2] })).toEqual(['2 pictures added']);
    expect(facts('lot.images_changed', { item_id: 9, action: 'reordered', image_ids: [2, 1] })).toEqual(['Pictures reordered (the first is the cover)']);
  });
});
