import { formatMK } from '@shared/rules/money';

/**
 * One line of an event's compact summary: a field that changed (`before` → `after`), or a plain
 * fact (`text`). Values are already readable text (money `MK 1,250,000`, times en-GB).
 */
export type ChangeLine = { kind: 'change'; field: string; before: string; after: string } | { kind: 'fact'; text: string };

type Payload = Record<string, unknown>;

const MONEY_FIELD = /(amount|price|total|deposit)$/;
/** Longer text is cut in the summary (the full payload is one click away). */
const MAX_TEXT = 80;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Status words stored one way and read another on the operators' screens. */
const STATUS_WORDS: Record<string, string> = { active: 'approved', awaiting_payment: 'awaiting payment' };

/** `target_amount` → `Target amount`. */
export function fieldLabel(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/** A payload value as operators read it: money as MK, ISO times en-GB, `—` for nothing. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return MONEY_FIELD.test(key) ? formatMK(value) : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Date(value).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    }
    if (value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT - 1).trimEnd()}…`;
    return STATUS_WORDS[value] ?? (/^[a-z]+(_[a-z]+)+$/.test(value) ? value.replace(/_/g, ' ') : value);
  }
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

const isRecord = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fields of two records that differ, as change lines (keys in the order first seen). */
function diffRecords(before: Payload, after: Payload): ChangeLine[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k !== 'updated_at' && !same(before[k], after[k]));
  return keys.map((k) => ({ kind: 'change', field: fieldLabel(k), before: valueText(k, before[k]), after: valueText(k, after[k]) }));
}

const idText = (label: string, id: unknown) => (typeof id === 'number' ? `${label} #${id}` : label.toLowerCase());

/**
 * The compact "what changed" of an audit event, from its type and payload: before → after for
 * operators' changes (status changes, decisions, advert and lot edits), one readable fact for the
 * others, a reason when one was given. An unknown type shows its `before`/`after` or a few of its
 * plain fields, so a new event type is never blank.
 */
export function summarisePayload(type: string, payload: Payload): ChangeLine[] {
  const lines: ChangeLine[] = [];
  const fact = (text: string) => lines.push({ kind: 'fact', text });
  const { before, after } = payload;

  switch (type) {
    case 'order.placed': {
      const method = payload.method === 'cash' ? 'cash on delivery' : payload.method === 'dpopay' ? 'DPO Pay' : valueText('method', payload.method);
      fact(`${valueText('total', payload.total)} by ${method}`);
      if (typeof payload.reserved_until === 'string') fact(`Reserved until ${valueText('reserved_until', payload.reserved_until)}`);
      break;
    }
    case 'order.payment_started':
      fact(`${idText('Payment', payload.payment_id)} started`);
      break;
    case 'auction.closed':
      if (payload.status === 'sold') {
        fact(
          `Sold${typeof payload.bid_amount === 'number' ? ` for ${formatMK(payload.bid_amount)}` : ''}${typeof payload.closed_by === 'number' ? ` to user #${payload.closed_by}` : ''}`,
        );
        if (typeof payload.order_id === 'number') fact(`Order #${payload.order_id} created`);
      } else {
        fact('Closed unsold');
      }
      break;
    case 'watchlist.changed':
      fact(`${payload.watching ? 'Started' : 'Stopped'} watching ${idText('Lot', payload.item_id)}`);
      break;
    case 'cart.changed':
      fact(
        `${fieldLabel(typeof payload.action === 'string' ? payload.action : 'changed')}${typeof payload.item_id === 'number' ? `: Lot #${payload.item_id}` : ''}`,
      );
      break;
    case 'registration.submitted':
      fact(`Deposit reference ${valueText('reference_number', payload.reference_number)}`);
      break;
    case 'advert.changed':
      if (payload.action === 'created' || !isRecord(before)) {
        fact('Created');
        if (isRecord(after) && typeof after.description === 'string' && after.description) fact(`“${valueText('description', after.description)}”`);
      } else if (isRecord(after)) {
        if (payload.action === 'ended') fact('Ended');
        lines.push(...diffRecords(before, after));
      }
      break;
    case 'increments.changed': {
      const bands = (v: unknown) =>
        Array.isArray(v) && v.length
          ? v
              .filter(isRecord)
              .map((b) => `from ${formatMK(Number(b.from))}: +${formatMK(Number(b.increment))}`)
              .join('; ')
          : 'none (falls back)';
      fact(payload.auction_type_id == null ? 'Global table' : `Sale #${String(payload.auction_type_id)}`);
      lines.push({ kind: 'change', field: 'Bands', before: bands(before), after: bands(after) });
      break;
    }
    case 'user.blocked':
      fact('Bidding blocked: their bids are refused, their leads stand');
      break;
    case 'user.unblocked':
      fact('Bidding allowed again');
      if (typeof payload.reason === 'string' && payload.reason.trim()) fact(`Had been blocked for: “${valueText('reason', payload.reason.trim())}”`);
      return lines;
    case 'user.bid_limit_changed': {
      const limit = (v: unknown) => (typeof v === 'number' ? formatMK(v) : 'No limit');
      lines.push({ kind: 'change', field: 'Spending limit', before: limit(before), after: limit(after) });
      break;
    }
    case 'user.role_granted':
      fact(`Granted the ${valueText('role', payload.role)} role`);
      break;
    case 'user.role_revoked':
      fact(`The ${valueText('role', payload.role)} role removed`);
      break;
    case 'sale.created':
      fact(`Created as a draft: “${valueText('name', payload.name)}”`);
      break;
    case 'sale.published':
      fact('Published: bidders see the sale and its lots');
      break;
    case 'sale.lots_reordered':
      fact(`${Array.isArray(payload.after) ? payload.after.length : 0} lots in a new order`);
      break;
    case 'sale.closes_rescheduled': {
      const closes = Array.isArray(payload.closes) ? payload.closes.filter(isRecord) : [];
      fact(`${closes.length} ${closes.length === 1 ? 'lot closes' : 'lots close'} at new times`);
      if (typeof payload.stagger_seconds === 'number') fact(`${payload.stagger_seconds} s between lots from ${valueText('date_to', payload.date_to)}`);
      break;
    }
    case 'lot.created':
      fact(
        typeof payload.duplicated_from === 'number'
          ? `Copied from lot #${payload.duplicated_from} into sale #${String(payload.auction_type_id)}`
          : `Created in sale #${String(payload.auction_type_id)}: “${valueText('name', payload.name)}”`,
      );
      break;
    case 'lot.withdrawn':
      fact(typeof payload.leader_id === 'number' ? `Withdrawn while user #${payload.leader_id} was leading` : 'Withdrawn (no leading bidder)');
      break;
    case 'lot.relisted':
      fact(
        `Relisted${typeof payload.from_item_id === 'number' ? ` from unsold lot #${payload.from_item_id}` : ''} into sale #${String(payload.auction_type_id)}`,
      );
      break;
    case 'lot.images_changed': {
      const n = Array.isArray(payload.image_ids) ? payload.image_ids.length : 0;
      const what = n === 1 ? 'picture' : 'pictures';
      fact(
        payload.action === 'deleted'
          ? 'A picture deleted'
          : payload.action === 'reordered'
            ? 'Pictures reordered (the first is the cover)'
            : `${n} ${what} added`,
      );
      break;
    }
    case 'live.changed': {
      // The live room (issue 15): what the clerk did, or an online bid, on which lot.
      const lot = typeof payload.lot_id === 'number' ? ` lot #${payload.lot_id}` : '';
      const amount = typeof payload.amount === 'number' ? ` ${formatMK(payload.amount)}` : '';
      const texts: Record<string, string> = {
        open: `Put${lot} on the block`,
        next: `Put${lot} on the block (next lot)`,
        'floor-bid': `Floor bid${amount} on${lot}${typeof payload.paddle === 'string' ? `, paddle ${payload.paddle}` : ''}`,
        'online-bid': `Online bid${amount} on${lot}${typeof payload.user_id === 'number' ? ` by user #${payload.user_id}` : ''}`,
        'fair-warning': `Fair warning on${lot}`,
        sold: `Sold${lot}${amount ? ` for${amount}` : ''}`,
        pass: `Passed${lot} (unsold)`,
        undo: `Undid the last action${typeof payload.undone === 'string' ? ` (${payload.undone})` : ''}`,
        pause: 'Paused the sale',
        resume: 'Resumed the sale',
        lock: 'Locked online bidding',
        unlock: 'Unlocked online bidding',
        message: isRecord(after) && typeof after.message === 'string' ? `Message to bidders: “${after.message}”` : 'Cleared the message to bidders',
      };
      fact(texts[String(payload.action)] ?? `Live room: ${valueText('action', payload.action)}`);
      if (isRecord(before) && isRecord(after) && before.status !== after.status) {
        lines.push({ kind: 'change', field: 'Room', before: valueText('status', before.status), after: valueText('status', after.status) });
      }
      break;
    }
    case 'lot.updated':
    case 'sale.updated':
    case 'item.updated':
      if (isRecord(payload.changes)) {
        for (const [key, change] of Object.entries(payload.changes)) {
          if (isRecord(change))
            lines.push({ kind: 'change', field: fieldLabel(key), before: valueText(key, change.before), after: valueText(key, change.after) });
        }
      }
      if (!lines.length) fact(type === 'sale.updated' ? 'Sale details updated' : 'Lot details updated');
      break;
    default:
      if (isRecord(after) && (isRecord(before) || before === null)) lines.push(...diffRecords(before ?? {}, after));
      else if (before !== undefined || after !== undefined) {
        const field = type.endsWith('status_changed') ? 'Status' : type.startsWith('registration.') ? 'Decision' : 'Value';
        lines.push({ kind: 'change', field, before: valueText('status', before), after: valueText('status', after) });
      } else {
        const plain = Object.entries(payload).filter(
          ([k, v]) => !k.endsWith('_id') && k !== 'reason' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
        );
        for (const [k, v] of plain.slice(0, 3)) fact(`${fieldLabel(k)}: ${valueText(k, v)}`);
      }
  }
  if (typeof payload.reason === 'string' && payload.reason.trim()) fact(`Reason: “${payload.reason.trim()}”`);
  return lines;
}
