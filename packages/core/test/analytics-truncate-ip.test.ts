import { describe, expect, it } from "vitest";
import { truncateIp } from "../src/analytics/truncate-ip";

describe("IP truncation (IPv4 /24, IPv6 /48)", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    ["203.0.113.0", "203.0.113.0"],
    ["10.0.0.1", "10.0.0.0"],
    ["255.255.255.255", "255.255.255.0"],
    ["0.0.0.0", "0.0.0.0"],
    ["127.0.9.3", "127.0.9.0"],
    [" 198.51.100.7 ", "198.51.100.0"],
  ])("IPv4 %s → %s", (ip, truncated) => expect(truncateIp(ip)).toBe(truncated));

  it.each([
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1::"],
    ["2001:db8:1::5", "2001:db8:1::"],
    ["2001:0DB8:0001:ffff::1", "2001:db8:1::"],
    ["2001:db8::1", "2001:db8::"],
    ["2001::1", "2001::"],
    ["2001:db8:abcd:12:0:0:0:1", "2001:db8:abcd::"],
    ["::1", "::"],
    ["::", "::"],
    ["fe80::1%eth0", "fe80::"],
    ["64:ff9b::203.0.113.5", "64:ff9b::"],
  ])("IPv6 %s → %s", (ip, truncated) => expect(truncateIp(ip)).toBe(truncated));

  it("treats an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(truncateIp("::ffff:203.0.113.77")).toBe("203.0.113.0");
    expect(truncateIp("::ffff:cb00:714d")).toBe("203.0.113.0");
  });

  it.each(["", "unknown", "999.1.1.1", "1.2.3", "1.2.3.4.5", "2001:db8:::1", "203.0.113.7:443", "<script>"])("gives nothing for %j", (ip) =>
    expect(truncateIp(ip)).toBe(""),
  );

  it("never keeps the host part", () => {
    for (let i = 0; i < 256; i++) expect(truncateIp(`192.0.2.${i}`)).toBe("192.0.2.0");
    expect(truncateIp("2001:db8:1:ffff:ffff:ffff:ffff:ffff")).toBe(truncateIp("2001:db8:1::"));
  });
});
