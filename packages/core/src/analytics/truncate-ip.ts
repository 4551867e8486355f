import { isIP } from "node:net";
import { ipv6Groups } from "../util/client-address";

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

/**
 * The network a hit counts for (the beacon's per-network limit, the admission of referrers and UTM
 * values): its truncated IP, or one shared "unknown" network for a hit without an address.
 */
export const networkOf = (truncatedIp: string | undefined) => truncatedIp || "unknown";

const ipv4Slash24 = (ip: string) => `${ip.split(".").slice(0, 3).map(Number).join(".")}.0`;
