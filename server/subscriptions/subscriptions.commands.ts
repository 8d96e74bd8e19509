import type { Transaction } from 'kysely';
import { BIDDING_MESSAGES } from '@shared/messages/bidding.js';
import { LIVE_AUCTION_MESSAGES as M } from '@shared/messages/live-auctions.js';
import { isBidderBlocked } from '../bidders/bidders.repository.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { findAuctionType, findRegistrantName, insertPendingSubscription, lockSubscription, markSubscriptionDecided } from './subscriptions.repository.js';

/** The bidder a registration is for. @throws AppError 401 for an actor who is not a signed-in user. */
function bidderOf(actor: Actor): number {
  if (actor.type === 'user' || actor.type === 'operator') return actor.id;
  throw AppError.unauthenticated();
}

/** The operator deciding. @throws AppError 403 for any other actor. */
function operatorOf(actor: Actor): number {
  if (actor.type === 'operator') return actor.id;
  throw AppError.forbidden();
}

/**
 * Command: records the actor's pending registration for a live auction from a bank deposit
 * reference (stored trimmed, upper case). Rules: the auction type exists, is active and
 * published, and takes registrations (a live auction, or a sale that asks a deposit: issue 13);
 * a reference is used once (compared without case, spaces or separators: the database's unique index); one pending or active registration per user and
 * auction type (the unique indexes decide races). Event `registration.submitted`.
 * @returns the registration's id and status `pending`.
 * A bidder an operator blocked is refused (403 'Your bidding has been suspended. Please contact us.',
 * issue 13 "Bidders").
 * @throws AppError 422 with `errors.auction_type_id` ('Please select an auction to register for',
 *   or the already-registered text) or `errors.reference_number` (reference already used).
 * Source: spec/shopping.md §2 "Register for auction", §4 "Bid registration", §5, §7 `POST /register-bid`.
 */
export async function registerForAuction(
  trx: Transaction<Database>,
  actor: Actor,
  input: { auctionTypeId: number; referenceNumber: string },
): Promise<CommandOutcome<{ id: number; status: 'pending' }>> {
  const userId = bidderOf(actor);
  if (await isBidderBlocked(trx, userId)) {
    throw AppError.forbidden(BIDDING_MESSAGES.biddingSuspended, { error: BIDDING_MESSAGES.biddingSuspended, reason: 'suspended' });
  }
  const type = await findAuctionType(trx, input.auctionTypeId);
  if (!type || !type.registration_required || !type.active || !type.published) throw AppError.validation({ auction_type_id: [M.notALiveAuction] });
  const reference = input.referenceNumber.trim().toUpperCase();
  const inserted = await insertPendingSubscription(trx, { userId, auctionTypeId: input.auctionTypeId, referenceNumber: reference });
  if ('duplicate' in inserted) {
    throw inserted.duplicate === 'reference'
      ? AppError.validation({ reference_number: [M.referenceUsed] })
      : AppError.validation({ auction_type_id: [M.alreadyRegistered] });
  }
  return {
    result: { id: inserted.id, status: 'pending' },
    events: [
      domainEvent(
        'registration.submitted',
        { type: 'registration', id: inserted.id },
        { registration_id: inserted.id, user_id: userId, auction_type_id: input.auctionTypeId, reference_number: reference },
      ),
    ],
  };
}

/** What a decision answers: the new status, the message the bidder is shown and the one the operator reads. */
export interface RegistrationDecision {
  status: 'active' | 'declined';
  message: string;
  /** 'Registration approved for {name}' / 'Registration declined for {name}' (issue 20). */
  operator_message: string;
  user_id: number;
  auction_type_id: number;
}

/**
 * Command: an operator approves (→ `active`: the bidder may bid in that live auction) or
 * declines (→ `declined`, with a reason shown to the bidder, who may register again) a pending
 * registration. The row is locked, so two operators deciding at once can't both win. Event
 * `registration.decided` with before/after status, reason and auction name (the bidder's open
 * pages are told; the audit trail shows who decided).
 * @returns the new status, the bidder's message ('… has been approved. You can now place
 *   bids.' / '… was declined: <reason>') and the operator's ('Registration approved for
 *   {name}' / 'Registration declined for {name}', issue 20).
 * @throws AppError 403 for an actor who is not an operator; 404 'Registration not found';
 *   409 'This registration is already <status>.' when no longer pending.
 * Source: spec/shopping.md §4 "Bid registration", §5 (live items need an approved registration).
 */
export async function decideRegistration(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; decision: 'approve' | 'decline'; reason?: string },
): Promise<CommandOutcome<RegistrationDecision>> {
  const reviewerId = operatorOf(actor);
  const current = await lockSubscription(trx, input.id);
  if (!current) throw AppError.notFound('Registration not found');
  const conflict = () => new AppError(409, 'conflict', `This registration is already ${current.status}.`);
  if (current.status !== 'pending') throw conflict();
  const status = input.decision === 'approve' ? 'active' : 'declined';
  const reason = input.decision === 'decline' ? (input.reason ?? null) : null;
  if (!(await markSubscriptionDecided(trx, current.id, { status, reason, reviewerId }))) throw conflict();
  const type = await findAuctionType(trx, current.auction_type_id);
  const auctionName = type?.name ?? '';
  const bidder = (await findRegistrantName(trx, current.user_id)) ?? `customer #${current.user_id}`;
  return {
    result: {
      status,
      message: status === 'active' ? M.approved(auctionName) : M.declined(auctionName, reason),
      operator_message: status === 'active' ? M.operatorApproved(bidder) : M.operatorDeclined(bidder),
      user_id: current.user_id,
      auction_type_id: current.auction_type_id,
    },
    events: [
      domainEvent(
        'registration.decided',
        { type: 'registration', id: current.id },
        {
          registration_id: current.id,
          user_id: current.user_id,
          auction_type_id: current.auction_type_id,
          auction_name: auctionName,
          before: current.status,
          after: status,
          reason,
        },
      ),
    ],
  };
}
