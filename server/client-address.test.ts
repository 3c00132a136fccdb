import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("the client's address", () => {
  it("is the one the trusted proxy appended, not what the client wrote before it", () => {
    expect(clientAddress("6.6.6.6, 203.0.113.9", "127.0.0.1", true)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "127.0.0.1", true)).toBe("203.0.113.9");
  });

  it("is the socket's peer without a trusted proxy, whatever the header says", () => {
    expect(clientAddress("6.6.6.6", "198.51.100.4", false)).toBe("198.51.100.4");
    expect(clientAddress(undefined, "198.51.100.4", true)).toBe("198.51.100.4");
    expect(clientAddress(undefined, undefined, false)).toBe("unknown");
  });
});
