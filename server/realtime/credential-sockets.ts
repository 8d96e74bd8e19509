import { hashSecret } from '../auth/credentials.service.js';
import { rooms } from './rooms.js';

/** What {@link CredentialSockets} needs of the Socket.IO server: rooms and their sockets, in every process. */
interface SocketServerLike {
  in(room: string): { disconnectSockets(close?: boolean): void; except(room: string): { disconnectSockets(close?: boolean): void } };
}

/** A credential that signed sockets in: a session (by its cookie value) or an API token (by its row id). */
export interface SignedInCredential {
  sessionId?: string;
  tokenId?: number;
}

/** The room of every socket signed in by `credential` (the session by the hash of its id); null for none. */
export function credentialRoom(credential: SignedInCredential): string | null {
  if (credential.tokenId != null) return rooms.apiToken(credential.tokenId);
  if (credential.sessionId) return rooms.session(hashSecret(credential.sessionId));
  return null;
}

/**
 * Ends the sockets of a credential that was signed out or replaced. The HTTP app is built
 * before Socket.IO, so the server is attached afterwards ({@link CredentialSockets.attach});
 * until then `disconnect` does nothing. With the Redis adapter the disconnection reaches the
 * sockets of every server process. Source: issue 18 (sockets kept receiving after sign-out).
 */
export class CredentialSockets {
  private io: SocketServerLike | null = null;

  /** Connects to the Socket.IO server whose sockets joined {@link credentialRoom}. */
  attach(io: SocketServerLike): void {
    this.io = io;
  }

  /** Disconnects every socket signed in by `credential`, in every process. */
  disconnect(credential: SignedInCredential): void {
    const room = credentialRoom(credential);
    if (room && this.io) this.io.in(room).disconnectSockets(true);
  }

  /**
   * Disconnects every socket of user `userId` except those signed in by `keep` (the credential
   * that made the change), in every process: after a password change revokes the user's other
   * sessions and tokens.
   */
  disconnectUserExcept(userId: number, keep: SignedInCredential): void {
    if (!this.io) return;
    const kept = credentialRoom(keep);
    const sockets = this.io.in(rooms.user(userId));
    if (kept) sockets.except(kept).disconnectSockets(true);
    else sockets.disconnectSockets(true);
  }
}
