// The client's address, as better-auth and the rate limits read it. Erasable TypeScript only.
import { BlockList, isIP } from "node:net";

/**
 * Which peers may tell the client's address (X-Forwarded-For) and the request id (X-Request-Id):
 * none (TRUST_PROXY unset or off), any peer (TRUST_PROXY=true: the server is reachable only through
 * the operator's proxy), or only the listed addresses and networks (TRUST_PROXY=10.0.0.0/8,::1).
 */
export interface TrustedProxies {
  /** the socket's peer is a proxy whose forwarding headers are believed */
  trusts(peer: string | undefined): boolean;
  /** an entry of X-Forwarded-For is one of the listed proxies (never with TRUST_PROXY=true) */
  isProxy(address: string): boolean;
}

export const NO_PROXY: TrustedProxies = { trusts: () => false, isProxy: () => false };
const ANY_PEER: TrustedProxies = { trusts: () => true, isProxy: () => false };

/** `::ffff:127.0.0.1` (an IPv4 client on a dual-stack socket) is 127.0.0.1. */
function plain(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** TRUST_PROXY as written; throws (at start-up) on an entry that is neither an address nor a network. */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const raw = (value ?? "").trim();
  if (raw === "" || ["0", "false", "no", "off"].includes(raw.toLowerCase())) return NO_PROXY;
  if (["1", "true", "yes", "on"].includes(raw.toLowerCase())) return ANY_PEER;
  const list = new BlockList();
  for (const entry of raw.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (family === 0 || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128)))) {
      throw new Error(`TRUST_PROXY: "${entry}" non è un indirizzo IP né una rete (es. 10.0.0.0/8)`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  const listed = (address: string) => {
    const ip = plain(address.trim());
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
  };
  return { trusts: (peer) => peer !== undefined && listed(peer), isProxy: listed };
}

/**
 * Behind a trusted proxy, the address that proxy saw: walking X-Forwarded-For from its end (the
 * entry the proxy appended), past the listed proxies of a chain, the first other address. Entries
 * before it were written by the client and prove nothing (taking the first would let anyone choose
 * the address every per-address limit counts). Otherwise the socket's peer.
 */
export function clientAddress(forwardedFor: string | undefined, peer: string | undefined, proxies: TrustedProxies): string {
  if (forwardedFor && proxies.trusts(peer)) {
    const entries = forwardedFor.split(",");
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!.trim();
      if (entry === "") continue;
      if (i === 0 || !proxies.isProxy(entry)) return plain(entry);
    }
  }
  return peer ? plain(peer) : "unknown";
}

/** An id a trusted proxy may pass on: letters, digits and `-_.:`, at most 128 characters. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the one the trusted proxy sent (so that its log and Zampa's share it), when
 * well formed; otherwise a new one.
 */
export function requestId(header: string | undefined, peer: string | undefined, proxies: TrustedProxies): string {
  if (header && REQUEST_ID.test(header) && proxies.trusts(peer)) return header;
  return crypto.randomUUID();
}
