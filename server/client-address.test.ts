import { describe, expect, it } from "vitest";
import { clientAddress, NO_PROXY, parseTrustProxy, requestId } from "./client-address";

const ANY = parseTrustProxy("true");

describe("the client's address", () => {
  it("is the one the trusted proxy appended, not what the client wrote before it", () => {
    expect(clientAddress("6.6.6.6, 203.0.113.9", "127.0.0.1", ANY)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "127.0.0.1", ANY)).toBe("203.0.113.9");
  });

  it("is the socket's peer without a trusted proxy, whatever the header says", () => {
    expect(clientAddress("6.6.6.6", "198.51.100.4", NO_PROXY)).toBe("198.51.100.4");
    expect(clientAddress("6.6.6.6", "198.51.100.4", parseTrustProxy(undefined))).toBe("198.51.100.4");
    expect(clientAddress("6.6.6.6", "198.51.100.4", parseTrustProxy("off"))).toBe("198.51.100.4");
    expect(clientAddress(undefined, "198.51.100.4", ANY)).toBe("198.51.100.4");
    expect(clientAddress(undefined, undefined, NO_PROXY)).toBe("unknown");
  });

  it("with a list of proxies, believes the header only from one of them", () => {
    const proxies = parseTrustProxy("10.0.0.0/8, 127.0.0.1, ::1");
    expect(clientAddress("6.6.6.6, 203.0.113.9", "10.1.2.3", proxies)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9", "::ffff:127.0.0.1", proxies)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "::1", proxies)).toBe("203.0.113.9");
    // A visitor reaching the server directly cannot choose its address with the header.
    expect(clientAddress("203.0.113.9", "198.51.100.4", proxies)).toBe("198.51.100.4");
    expect(clientAddress("203.0.113.9", "11.0.0.1", proxies)).toBe("11.0.0.1");
  });

  it("walks a chain of listed proxies from its end, and ignores what the client wrote first", () => {
    const proxies = parseTrustProxy("10.0.0.0/8");
    // client → proxy 10.0.0.5 → proxy 10.0.0.7 → Zampa: the last entry that is not a proxy.
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.5", "10.0.0.7", proxies)).toBe("203.0.113.9");
    // A spoofed entry that names a proxy does not move the answer past the real client.
    expect(clientAddress("10.9.9.9, 203.0.113.9", "10.0.0.7", proxies)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.9", "10.0.0.7", proxies)).toBe("10.0.0.9");
  });

  it("is the peer's plain IPv4 form on a dual-stack socket", () => {
    expect(clientAddress(undefined, "::ffff:198.51.100.4", NO_PROXY)).toBe("198.51.100.4");
  });

  it("refuses a TRUST_PROXY entry that is not an address or a network", () => {
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("proxy.example.it")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("::1/129")).toThrow(/TRUST_PROXY/);
  });
});

describe("the request id", () => {
  it("is the trusted proxy's when well formed", () => {
    expect(requestId("abc-123_4.5:6", "127.0.0.1", ANY)).toBe("abc-123_4.5:6");
    expect(requestId("abc-123", "10.0.0.1", parseTrustProxy("10.0.0.0/8"))).toBe("abc-123");
  });

  it("is a new one otherwise: no trusted proxy, a peer not listed, or a malformed value", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(requestId("abc-123", "127.0.0.1", NO_PROXY)).toMatch(uuid);
    expect(requestId("abc-123", "198.51.100.4", parseTrustProxy("10.0.0.0/8"))).toMatch(uuid);
    expect(requestId("a b", "127.0.0.1", ANY)).toMatch(uuid);
    expect(requestId('x"\n{', "127.0.0.1", ANY)).toMatch(uuid);
    expect(requestId("x".repeat(129), "127.0.0.1", ANY)).toMatch(uuid);
    expect(requestId(undefined, "127.0.0.1", ANY)).not.toBe(requestId(undefined, "127.0.0.1", ANY));
  });
});
