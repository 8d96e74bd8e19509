/** The part of `http_ece` (Encrypted Content-Encoding for HTTP, RFC 8188) the push tests use to read a push as a browser would. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** Decrypts an `aes128gcm` body with the receiver's key pair and auth secret (base64url). Throws when they do not match. */
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
