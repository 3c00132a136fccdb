// The client's address, as better-auth and the rate limits read it. Erasable TypeScript only.

/**
 * Behind the operator's own reverse proxy (TRUST_PROXY), the address that proxy saw: the last entry
 * of X-Forwarded-For, the one it appended. Entries before it were written by the client and prove
 * nothing (taking the first would let anyone choose the address every per-address limit counts).
 * Otherwise the socket's peer.
 */
export function clientAddress(forwardedFor: string | undefined, peer: string | undefined, trustProxy: boolean): string {
  const fromProxy = trustProxy ? forwardedFor?.split(",").at(-1)?.trim() : undefined;
  return fromProxy || peer || "unknown";
}
