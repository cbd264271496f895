import { describe, expect, it } from "vitest";
import { clientAddressResolver, parseNetwork, type TrustedNetwork } from "../../src/server/client-address.ts";

const networks = (...texts: string[]): TrustedNetwork[] => texts.map((text) => parseNetwork(text) ?? (() => { throw new Error(text); })());

describe("who asked, for the checks' limit per address", () => {
  it("reads addresses and CIDRs, and nothing else", () => {
    expect(parseNetwork("10.0.0.5")).toEqual({ address: "10.0.0.5", prefix: 32, family: "ipv4" });
    expect(parseNetwork(" 172.16.0.0/12 ")).toEqual({ address: "172.16.0.0", prefix: 12, family: "ipv4" });
    expect(parseNetwork("::1")).toEqual({ address: "::1", prefix: 128, family: "ipv6" });
    expect(parseNetwork("fd00::/8")).toEqual({ address: "fd00::", prefix: 8, family: "ipv6" });
    for (const bad of ["", "proxy.local", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/8/8", "10.0.0.0/-1", "10.0.0.256", "*"]) expect(parseNetwork(bad), bad).toBeUndefined();
  });

  it("believes no header by default, from any peer, private or not", () => {
    const resolve = clientAddressResolver([]);
    for (const peer of ["172.17.0.1", "127.0.0.1", "::1", "10.1.2.3", "203.0.113.9"]) expect(resolve(peer, "198.51.100.1"), peer).toBe(peer);
    expect(resolve(undefined, "198.51.100.1")).toBe("unknown");
  });

  it("takes the address a listed proxy saw, and ignores the header from a peer not listed", () => {
    const resolve = clientAddressResolver(networks("10.0.0.0/8", "::1"));
    expect(resolve("10.0.0.2", "198.51.100.1")).toBe("198.51.100.1");
    expect(resolve("::1", "2001:db8::7")).toBe("2001:db8::7");
    expect(resolve("::ffff:10.0.0.2", "198.51.100.1")).toBe("198.51.100.1");
    expect(resolve("172.17.0.1", "198.51.100.1")).toBe("172.17.0.1");
    expect(resolve("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    // No header: the proxy itself asked.
    expect(resolve("10.0.0.2", undefined)).toBe("10.0.0.2");
  });

  it("reads a spoofed chain from the right: what the client wrote itself never counts", () => {
    const resolve = clientAddressResolver(networks("10.0.0.0/8"));
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
    expect(resolve("10.0.0.2", "1.2.3.4, 198.51.100.1")).toBe("198.51.100.1");
    // Two proxies of ours: the outer one's entry is skipped as trusted.
    expect(resolve("10.0.0.2", "1.2.3.4, 198.51.100.1, 10.0.0.3")).toBe("198.51.100.1");
    // A client that names one of our proxies as itself gets only the address the proxy saw.
    expect(resolve("10.0.0.2", "10.9.9.9, 198.51.100.1")).toBe("198.51.100.1");
    // Split over several headers, as one list.
    expect(resolve("10.0.0.2", ["1.2.3.4", "198.51.100.1"])).toBe("198.51.100.1");
    // Ports and brackets as some proxies write them.
    expect(resolve("10.0.0.2", "198.51.100.1:51234")).toBe("198.51.100.1");
    expect(resolve("10.0.0.2", "[2001:db8::7]:443")).toBe("2001:db8::7");
    // Garbage from a proxy is kept short.
    expect(resolve("10.0.0.2", "x".repeat(500))).toHaveLength(64);
    // Nothing but our proxies: the farthest of them.
    expect(resolve("10.0.0.2", "10.0.0.4, 10.0.0.3")).toBe("10.0.0.4");
  });
});
