import Bowser from "bowser";
import { browserName, deviceType } from "../request/meta-details";

export { deviceType };

export const OPERATING_SYSTEMS = ["Windows", "macOS", "iOS", "iPadOS", "Android", "Linux", "ChromeOS", "Other"] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

/** In this order: phones and tablets name the desktop systems they resemble ("like Mac OS X", "Linux; Android"). */
const OS_RULES: [RegExp, OperatingSystem][] = [
  [/\bipad\b/i, "iPadOS"],
  [/\b(iphone|ipod)\b/i, "iOS"],
  [/\bandroid\b/i, "Android"],
  [/\bcros\b/i, "ChromeOS"],
  [/\bwindows\b|\bwin(32|64)\b/i, "Windows"],
  [/\bmac ?os ?x\b|\bmacintosh\b/i, "macOS"],
  [/\blinux\b|\bx11\b/i, "Linux"],
];

export function osName(userAgent: string): OperatingSystem {
  return OS_RULES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Other";
}

/** The browsers bowser knows by name; its fallback names whatever token leads the agent, which would be unbounded. */
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));

/** The browser's name without its version ("Chrome", "Safari", "Microsoft Edge"), else "Other": a bounded set. */
export function browserFamily(userAgent: string): string {
  const name = browserName(userAgent).replace(/ \d+$/, "");
  return KNOWN_BROWSERS.has(name) ? name : "Other";
}
