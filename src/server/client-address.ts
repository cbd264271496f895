import { BlockList, isIP } from "node:net";

/** An address or a network (CIDR) whose X-Forwarded-For is believed: a reverse proxy of the operator's (TRUST_PROXY). */
export interface TrustedNetwork {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** An address or a CIDR as TRUST_PROXY writes it (`10.0.0.5`, `172.16.0.0/12`, `::1`, `fd00::/8`); undefined if it is neither. */
export function parseNetwork(text: string): TrustedNetwork | undefined {
  const [address = "", prefixText, ...more] = text.trim().split("/");
  const version = isIP(address);
  if (version === 0 || more.length > 0) return undefined;
  const family = version === 4 ? "ipv4" : "ipv6";
  const widest = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: widest, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > widest) return undefined;
  return { address, prefix: Number(prefixText), family };
}

/**
 * Who asked, for the checks' limit per address. The peer, unless it is one of the operator's
 * proxies (TRUST_PROXY): then X-Forwarded-For is read from the right, each hop a trusted proxy
 * appended, and the first address that is not itself a trusted proxy is the client. What is left
 * of it was written by the client, and may be anything. Without TRUST_PROXY no header is believed:
 * any private peer (Docker's userland proxy is 172.17.0.1) could otherwise pick its own address.
 */
export function clientAddressResolver(trusted: readonly TrustedNetwork[]): (peer: string | undefined, forwardedFor: string | string[] | undefined) => string {
  const proxies = new BlockList();
  for (const network of trusted) proxies.addSubnet(network.address, network.prefix, network.family);
  const isTrusted = (address: string) => {
    const version = isIP(address);
    return version !== 0 && proxies.check(address, version === 4 ? "ipv4" : "ipv6");
  };
  return (peer, forwardedFor) => {
    const from = peer ?? "unknown";
    if (trusted.length === 0 || !isTrusted(from)) return from;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "")).split(",").map(bareAddress).filter(Boolean);
    let client = from;
    for (let index = hops.length - 1; index >= 0; index--) {
      client = hops[index] ?? client;
      if (!isTrusted(client)) break;
    }
    return client.slice(0, 64);
  };
}

/** One hop as proxies write it: `203.0.113.7`, `203.0.113.7:51234`, `[2001:db8::1]:443`, `2001:db8::1`. */
function bareAddress(hop: string): string {
  const text = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return withPort?.[1] ?? text;
}
