import { isIP } from "node:net";

/**
 * Whom per-client limits count, from the client's IP address: pure, so the rate limit (ratelimit/)
 * and the request's metadata (request/) share it without importing each other.
 */

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail becomes two groups; a zone id is dropped). */
export function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split("%")[0];
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * Whom a rate limit counts: an IPv4 address as it is, an IPv6 client by its /64 (one subscriber
 * usually gets a whole /64, so counting single addresses would let it rotate through 2^64 of them).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function rateLimitSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip || "unknown";
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The network a rate limit counts above the client (security review M2): an IPv6 client's /48, the
 * block one site or one customer of a provider is usually given (65,536 /64s: without it, one /48
 * holds as many independent client budgets). IPv4 has none here: a /24 is often one carrier's shared
 * addresses, whose people would lock each other out (the WAF counts single IPv4 addresses).
 */
export function rateLimitNetwork(ip: string): string | undefined {
  if (isIP(ip) !== 6) return undefined;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return undefined;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`;
}

/**
 * The network the mail brake counts a form's e-mails against (mail/domain-brake.ts, security review
 * H1): an IPv4 address's /24 (`203.0.113.0/24`), an IPv6 address's /48 (`2001:db8:1::/48`; an
 * IPv4-mapped one as its IPv4 /24), or undefined when the address is unknown (erased by retention).
 * Unlike a request's limit, a /24 here locks nobody out: past the allowance the e-mails wait for an
 * administrator, who sees the network and may allow it.
 */
export function mailNetworkOf(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const family = isIP(ip);
  if (family === 4) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (family !== 6) return undefined;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.0/24`;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`;
}

/** Whether a mail brake source (a domain, or a network from `mailNetworkOf`) is a network. */
export const isNetwork = (source: string) => source.includes("/");
