import type { Socket as NetSocket } from 'node:net';

/**
 * Calls `onWrite` for each write that reaches the kernel through `tcp`: one call per `write` or
 * `writev` the stream hands to its handle (several corked chunks are one).
 */
export function countKernelWrites(tcp: NetSocket, onWrite: () => void): void {
  type Write = (...args: unknown[]) => void;
  const stream = tcp as NetSocket & { _write: Write; _writev: Write };
  const write = stream._write.bind(stream);
  const writev = stream._writev.bind(stream);
  stream._write = (...args) => (onWrite(), write(...args));
  stream._writev = (...args) => (onWrite(), writev(...args));
}
