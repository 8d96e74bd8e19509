import type { Transaction } from 'kysely';
import type { BidderSummary } from '@shared/schemas/bidder.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { deleteUserRole, insertUserRole, listRoleHolders, lockBidder, lockRole, setBidderBlock, setBidderLimit } from './bidders.repository.js';
import { BIDDER_NOT_FOUND, getBidderSummary } from './bidders.service.js';

/** Bidders are managed by operators only. @throws AppError 403 for any other actor. */
function requireOperator(actor: Actor): number {
  if (actor.type !== 'operator') throw AppError.forbidden();
  return actor.id;
}

/** Locks the user. @throws AppError 404 'User not found'. */
async function lockedBidder(trx: Transaction<Database>, id: number) {
  const row = await lockBidder(trx, id);
  if (!row) throw AppError.notFound(BIDDER_NOT_FOUND);
  return row;
}

/** The message of a refused revocation: the last admin keeps the role. */
export const LAST_ADMIN_MESSAGE = 'This is the last admin. Grant the admin role to someone else before removing it here.';

/**
 * Command: an operator blocks a user's bidding with a reason (issue 13 "Bidders"). From the
 * commit on, their bids are refused (403 'Your bidding has been suspended. Please contact us.',
 * server/bids/bids.commands.ts); the lots they lead stay theirs. Event `user.blocked` {user_id, reason}.
 * @returns the user as the bidder list shows them.
 * @throws AppError 403 (not an operator), 404 'User not found', 409 when already blocked.
 */
export async function blockBidder(trx: Transaction<Database>, actor: Actor, input: { id: number; reason: string }): Promise<CommandOutcome<BidderSummary>> {
  const operatorId = requireOperator(actor);
  const user = await lockedBidder(trx, input.id);
  if (user.blocked_at) throw new AppError(409, 'conflict', `${user.name} is already blocked.`);
  await setBidderBlock(trx, input.id, { reason: input.reason, by: operatorId });
  return {
    result: await getBidderSummary(trx, input.id),
    events: [domainEvent('user.blocked', { type: 'user', id: input.id }, { user_id: input.id, reason: input.reason })],
  };
}

/**
 * Command: an operator lets a blocked user bid again. Event `user.unblocked` {user_id, reason}
 * (the block's reason). @returns the user as the bidder list shows them.
 * @throws AppError 403 (not an operator), 404 'User not found', 409 when not blocked.
 */
export async function unblockBidder(trx: Transaction<Database>, actor: Actor, input: { id: number }): Promise<CommandOutcome<BidderSummary>> {
  requireOperator(actor);
  const user = await lockedBidder(trx, input.id);
  if (!user.blocked_at) throw new AppError(409, 'conflict', `${user.name} is not blocked.`);
  await setBidderBlock(trx, input.id, null);
  return {
    result: await getBidderSummary(trx, input.id),
    events: [domainEvent('user.unblocked', { type: 'user', id: input.id }, { user_id: input.id, reason: user.blocked_reason })],
  };
}

/**
 * Command: an operator sets a bidder's spending limit (whole MWK; null removes it). Bids that
 * would take their leads plus unpaid wins above it are refused from the commit on (403 naming the
 * limit); what they hold stays. Event `user.bid_limit_changed` {user_id, before, after}, none when
 * the limit is unchanged. @returns the user as the bidder list shows them.
 * @throws AppError 403 (not an operator), 404 'User not found'.
 */
export async function setBidLimit(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; bid_limit: number | null },
): Promise<CommandOutcome<BidderSummary>> {
  requireOperator(actor);
  const user = await lockedBidder(trx, input.id);
  const before = user.bid_limit == null ? null : Number(user.bid_limit);
  if (before === input.bid_limit) return { result: await getBidderSummary(trx, input.id), events: [] };
  await setBidderLimit(trx, input.id, input.bid_limit);
  return {
    result: await getBidderSummary(trx, input.id),
    events: [domainEvent('user.bid_limit_changed', { type: 'user', id: input.id }, { user_id: input.id, before, after: input.bid_limit })],
  };
}

/**
 * Command: an operator grants or revokes a user's admin role. Changes of the role take turns on
 * its row lock (`lockRole`), so the holders read afterwards are the truth until the commit: two
 * operators revoking each other at once leave one admin. Events `user.role_granted` /
 * `user.role_revoked` {user_id, role}; none when nothing changes (granted to a holder, revoked
 * from someone without it). The user's open sessions see the change at their next request
 * (bearer tokens within the token cache's few seconds).
 * @returns the user as the bidder list shows them.
 * @throws AppError 403 (not an operator), 404 'User not found', 409 {@link LAST_ADMIN_MESSAGE}.
 */
export async function changeBidderRole(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; role: 'admin'; grant: boolean },
): Promise<CommandOutcome<BidderSummary>> {
  requireOperator(actor);
  const roleId = await lockRole(trx, input.role);
  if (roleId == null) throw AppError.notFound(`There is no ${input.role} role.`);
  await lockedBidder(trx, input.id);
  const holders = await listRoleHolders(trx, roleId);
  const holds = holders.includes(input.id);
  if (input.grant === holds) return { result: await getBidderSummary(trx, input.id), events: [] };
  if (input.grant) {
    await insertUserRole(trx, input.id, roleId);
  } else {
    if (holders.length <= 1) throw new AppError(409, 'conflict', LAST_ADMIN_MESSAGE);
    await deleteUserRole(trx, input.id, roleId);
  }
  return {
    result: await getBidderSummary(trx, input.id),
    events: [domainEvent(input.grant ? 'user.role_granted' : 'user.role_revoked', { type: 'user', id: input.id }, { user_id: input.id, role: input.role })],
  };
}
