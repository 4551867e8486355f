import { isIP } from "node:net";

/**
 * The only form in which analytics stores an address: IPv4 to its /24 ("203.0.113.77" →
 * "203.0.113.0"), IPv6 to its /48 ("2001:db8:1:2::5" → "2001:db8:1::"), an IPv4-mapped IPv6 address
 * as its IPv4 /24. That names a network (an ISP's neighbourhood, an organisation's site), not a
 * device. Anything that is not an address gives "".
 */
export function truncateIp(ip: string): string {
  const address = ip.trim().split("%")[0];
  const version = isIP(address);
  if (version === 4) return ipv4Slash24(address);
  if (version !== 6) return "";
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return ipv4Slash24([groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join("."));
  const prefix = groups.slice(0, 3);
  while (prefix.length && prefix[prefix.length - 1] === 0) prefix.pop();
  return `${prefix.map((g) => g.toString(16)).join(":")}::`;
}

const ipv4Slash24 = (ip: string) => `${ip.split(".").slice(0, 3).map(Number).join(".")}.0`;

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail becomes two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
