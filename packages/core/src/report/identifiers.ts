import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { getDomain, parse as parseHost } from "tldts";
import type { Info } from "./info";

/**
 * What ties reports to each other (docs/data-model.md "Scam intelligence"): the scammer's company,
 * name, phone numbers, web and e-mail domains and social profiles, each folded to one spelling, the
 * key of its index items (identifier-items.ts). Pure, but server side only: libphonenumber's
 * metadata and the Public Suffix List (tldts) stay out of the browser's bundle.
 */

export type IdentifierType = "company" | "person" | "phone" | "domain" | "profile";

export interface Identifier {
  type: IdentifierType;
  /** the folded form: the index's key, never shown */
  value: string;
  /** as the report wrote it (trimmed) */
  shown: string;
}

/** A folded value longer than this is cut: a key stays far under DynamoDB's 2 KB, and nobody types a longer name. */
const MAX_VALUE = 120;
/** Longer input is no name, phone or address anyone typed. */
const MAX_INPUT = 2048;

/** Words that say nothing is known: never an identifier (they would tie every such report together). */
const UNKNOWN = new Set([
  "unknown", "unk", "none", "na", "n a", "nil", "null", "no", "not sure", "unsure", "dont know", "do not know", "idk", "no name", "not given", "anonymous",
  "private", "same", "see above",
]); // prettier-ignore

/** Legal forms dropped from the end of a company's name: "Exit Pros, L.L.C." is "exit pros". */
const LEGAL_SUFFIXES = new Set([
  "llc", "lc", "pllc", "llp", "lllp", "lp", "ltd", "limited", "inc", "incorporated", "corp", "corporation", "co", "company", "plc", "pc", "pa", "pty", "gmbh", "sa", "srl", "sl", "bv", "nv", "ag", "sas", "sarl",
]); // prettier-ignore

const TITLES = new Set(["mr", "mrs", "ms", "miss", "mister", "dr", "sir", "madam"]);
const NAME_SUFFIXES = new Set(["jr", "sr", "ii", "iii", "iv"]);

/**
 * Lower case words without accents or punctuation: "Crédit-Agricole, L.L.C." → ["credit", "agricole", "llc"].
 * Dotted initials are joined first (L.L.C. → llc), apostrophes dropped (O'Reilly → oreilly), & read as "and".
 */
function words(raw: string): string[] {
  const folded = raw
    .slice(0, MAX_INPUT)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\b(?:\p{L}\.){2,}\p{L}?/gu, (initials) => initials.replace(/\./g, ""))
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return folded ? folded.split(" ") : [];
}

const known = (value: string) => value.length >= 2 && !UNKNOWN.has(value) && /[\p{L}\p{N}]/u.test(value);
const cut = (value: string) => value.slice(0, MAX_VALUE).trim();

/** A company's name folded: case, accents, punctuation, a leading "the" and trailing legal forms. */
export function foldCompany(raw: string): string | undefined {
  const w = words(raw);
  if (w.length > 1 && w[0] === "the") w.shift();
  while (w.length > 1 && LEGAL_SUFFIXES.has(w[w.length - 1])) w.pop();
  const value = cut(w.join(" "));
  // a legal form alone ("LLC") names no company
  return known(value) && !LEGAL_SUFFIXES.has(value) ? value : undefined;
}

/**
 * A person's name folded (case, accents, punctuation, titles, Jr./Sr.). A single word is no
 * identifier: "Mike" would tie together reports of every scammer called Mike.
 */
export function foldPerson(raw: string): string | undefined {
  const w = words(raw);
  while (w.length > 1 && TITLES.has(w[0])) w.shift();
  while (w.length > 1 && NAME_SUFFIXES.has(w[w.length - 1])) w.pop();
  const value = cut(w.join(" "));
  return w.length >= 2 && known(value) ? value : undefined;
}

/**
 * A phone number in E.164 ("+14075550199"), or undefined when it cannot be one. `country` is the
 * country the number is read in when it has no "+": a two-letter code ("US", the default) or a
 * calling code as the wizard's selector gives it ("+44"). The number's length is checked against
 * the country's (isPossible), not whether the line is assigned: scammers' lines change faster than
 * the library's metadata.
 */
export function phoneE164(raw: string, country: string = "US"): string | undefined {
  const text = raw.trim();
  const digits = text.replace(/\D/g, "").length;
  if (digits < 7 || digits > 17 || text.length > 40) return undefined;
  const calling = /^\+?([1-9][0-9]{0,3})$/.exec(country.trim());
  const parsed = calling
    ? parsePhoneNumberFromString(text, { defaultCallingCode: calling[1] })
    : parsePhoneNumberFromString(text, { defaultCountry: country.trim().toUpperCase() as CountryCode });
  return parsed?.isPossible() ? parsed.number : undefined;
}

/**
 * Domains shared by strangers: web mail, where "gmail.com" says nothing about who wrote, and the
 * big platforms and link shorteners, where a page's domain says nothing about whose page it is.
 */
const SHARED_DOMAINS = new Set([
  // web mail
  "gmail.com", "googlemail.com", "yahoo.com", "yahoo.co.uk", "ymail.com", "rocketmail.com", "outlook.com", "hotmail.com", "hotmail.co.uk", "live.com", "msn.com",
  "aol.com", "icloud.com", "me.com", "mac.com", "proton.me", "protonmail.com", "pm.me", "gmx.com", "gmx.net", "mail.com", "zoho.com", "yandex.com", "yandex.ru",
  "tutanota.com", "fastmail.com", "hushmail.com", "mail.ru", "qq.com", "163.com", "comcast.net", "att.net", "sbcglobal.net", "verizon.net", "cox.net",
  "charter.net", "earthlink.net", "bellsouth.net", "juno.com",
  // platforms and shorteners
  "facebook.com", "fb.com", "instagram.com", "linkedin.com", "twitter.com", "x.com", "youtube.com", "youtu.be", "tiktok.com", "whatsapp.com", "wa.me", "t.me",
  "telegram.org", "google.com", "goo.gl", "bit.ly", "tinyurl.com", "craigslist.org",
]); // prettier-ignore

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The host of a URL, a bare host or an e-mail address, in lower case and punycode; undefined when there is none. */
function hostOf(raw: string): string | undefined {
  let text = raw.trim();
  if (!text || text.length > MAX_INPUT || /\s/.test(text)) return undefined;
  // an e-mail address (not a URL with a user in it): its domain
  if (!HAS_SCHEME.test(text) && text.includes("@")) text = text.slice(text.lastIndexOf("@") + 1);
  try {
    const url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.hostname.replace(/\.$/, "") || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The registrable domain (the Public Suffix List's, private suffixes included: one blog on a shared
 * host is its own site) of a URL, host or e-mail address, or undefined: no host, an IP address, or a
 * domain strangers share (web mail, platforms). A suffix the list does not know (".example") counts
 * as one label, as browsers treat it.
 */
export function registrableDomain(urlOrHostOrEmail: string): string | undefined {
  const domain = ownDomain(urlOrHostOrEmail);
  return domain && !SHARED_DOMAINS.has(domain) ? domain : undefined;
}

function ownDomain(raw: string): string | undefined {
  const host = hostOf(raw);
  if (!host || parseHost(host).isIp) return undefined;
  const domain = getDomain(host, { allowPrivateDomains: true });
  return domain && domain.includes(".") && domain.length <= MAX_VALUE ? domain : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An e-mail address: its domain; on web mail (no domain of its own), the address itself, as the
 * profile "email:<address>".
 */
function emailIdentifiers(raw: string | undefined): Identifier[] {
  const shown = raw?.trim() ?? "";
  if (!EMAIL.test(shown) || shown.length > 254) return [];
  const domain = ownDomain(shown);
  if (!domain) return [];
  if (!SHARED_DOMAINS.has(domain)) return [{ type: "domain", value: domain, shown }];
  return [{ type: "profile", value: `email:${shown.toLowerCase()}`, shown }];
}

/** A platform's usual names: "FB", "Facebook Messenger" and "facebook.com" are one. */
const PLATFORM_ALIASES: Record<string, string> = {
  fb: "facebook", facebookcom: "facebook", messenger: "facebook", facebookmessenger: "facebook",
  ig: "instagram", insta: "instagram", instagramcom: "instagram",
  twitter: "x", twittercom: "x", xcom: "x",
  linkedincom: "linkedin", tiktokcom: "tiktok", youtubecom: "youtube", whatsappcom: "whatsapp", telegramorg: "telegram", tme: "telegram",
}; // prettier-ignore
/** Platforms whose profile is often a phone number: such a profile is the phone. */
const PHONE_PLATFORMS = new Set(["whatsapp", "telegram", "signal", "viber", "imessage", "sms", "text"]);
/** Path words before a profile's own name in a link (linkedin.com/in/…, youtube.com/c/…). */
const PROFILE_PATH_PREFIXES = new Set(["in", "company", "pages", "people", "pg", "user", "u", "c", "channel", "groups", "profile.php"]);

function platformOf(raw: string): string | undefined {
  const name = words(raw).join("");
  const platform = PLATFORM_ALIASES[name] ?? name;
  return platform.length >= 1 && platform.length <= 40 ? platform : undefined;
}

/** A profile's handle: from a link, its first own path segment (or Facebook's ?id=); "@" dropped; folded. */
function handleOf(raw: string): string | undefined {
  let text = raw.trim();
  if (HAS_SCHEME.test(text) || /^[\w-]+(\.[\w-]+)+\//.test(text)) {
    try {
      const url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
      const segments = url.pathname.split("/").filter(Boolean);
      while (segments.length > 1 && PROFILE_PATH_PREFIXES.has(segments[0].toLowerCase())) segments.shift();
      const first = segments[0];
      text = first?.toLowerCase() === "profile.php" || !first ? (url.searchParams.get("id") ?? "") : decodeURIComponent(first);
    } catch {
      return undefined;
    }
  }
  const handle = text
    .replace(/^@+/, "")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, " ")
    .trim();
  const value = cut(handle);
  return known(value) ? value : undefined;
}

function profileIdentifiers(platformRaw: string, profileRaw: string): Identifier[] {
  const platform = platformOf(platformRaw);
  const shownProfile = profileRaw.trim();
  if (!platform || !shownProfile) return [];
  const phoneShaped = /^[+0-9 ().-]+$/.test(shownProfile);
  if (PHONE_PLATFORMS.has(platform) && phoneShaped) {
    const phone = phoneE164(shownProfile);
    return phone ? [{ type: "phone", value: phone, shown: shownProfile }] : [];
  }
  const handle = handleOf(shownProfile);
  return handle ? [{ type: "profile", value: `${platform}:${handle}`, shown: `${platformRaw.trim()}: ${shownProfile}` }] : [];
}

const one = (type: IdentifierType, value: string | undefined, shown: string | undefined | null): Identifier[] =>
  value && shown ? [{ type, value, shown: shown.trim() }] : [];

/** The report's identifiers, each once (by type and value; the first spelling is the one shown). */
export function identifiersOf(report: { scammer: Info["scammer"]; contactMethods: Info["contactMethods"] }): Identifier[] {
  const { scammer } = report;
  const found: Identifier[] = [
    ...one("company", scammer.company && foldCompany(scammer.company), scammer.company),
    ...one("person", scammer.name && foldPerson(scammer.name), scammer.name),
    ...one("phone", scammer.phone && phoneE164(scammer.phone), scammer.phone),
    ...one("domain", scammer.website ? registrableDomain(scammer.website) : undefined, scammer.website),
    ...emailIdentifiers(scammer.email),
  ];
  for (const contact of report.contactMethods ?? []) {
    if (contact.method === "phone") found.push(...one("phone", phoneE164(contact.phoneNumber, contact.countryCode), contact.phoneNumber));
    if (contact.method === "email") found.push(...emailIdentifiers(contact.emailAddress));
    if (contact.method === "social_media") found.push(...profileIdentifiers(contact.platform, contact.profile));
  }
  return distinct(found);
}

/** What the public lookup searches for: the query read as a company's name, a phone number and a website, each it can be. */
export function identifiersOfQuery(q: string): Identifier[] {
  const shown = q.trim();
  if (!shown || shown.length > 300) return [];
  const looksLikeHost = !/\s/.test(shown) && shown.includes(".");
  // a link or an address is no company's name; a bare "exitpros.com" may be one
  const maybeName = /\p{L}/u.test(shown) && !HAS_SCHEME.test(shown) && !EMAIL.test(shown);
  return distinct([
    ...one("company", maybeName ? foldCompany(shown) : undefined, shown),
    ...one("phone", phoneE164(shown), shown),
    ...one("domain", looksLikeHost ? registrableDomain(shown) : undefined, shown),
  ]);
}

function distinct(identifiers: Identifier[]): Identifier[] {
  const seen = new Set<string>();
  return identifiers.filter((i) => {
    const key = `${i.type}#${i.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
