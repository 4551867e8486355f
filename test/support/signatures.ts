import type { Signature } from "@site/core/signature";

const FIRST = ["Ana", "bob", "Émile", "Zoe", "carl", "Dana", "Eve", "frank"];
const LAST = ["Smith", "jones", "Álvarez", "Brown", "zimmer", "Lee"];
const CITIES = ["Orlando", "Miami", "Boston", "Denver"];

/** `n` distinct signers for `SignatureListing.importBatch`, with varied names, cities and timeshares. */
export function importRequests(n: number, tag: string): Signature.SignRequest[] {
  return Array.from({ length: n }, (_, i) => ({
    petitionId: "",
    client: "import",
    firstName: `${FIRST[i % FIRST.length]}${i}`,
    lastName: LAST[i % LAST.length],
    email: `${tag}-${i}@example.com`,
    timeshareName: i % 3 === 0 ? "" : `Resort ${i % 7}`,
    newsletterConsent: false,
    meta: {
      browser: "Chrome 126",
      deviceType: "Desktop",
      screenResolution: "1920x1080",
      userAgent: "import",
      timezone: "America/New_York",
      language: "en-US",
      ipAddress: `10.0.${(i >> 8) & 255}.${i & 255}`,
      city: CITIES[i % CITIES.length],
      region: "FL",
      country: "US",
      latitude: "0",
      longitude: "0",
    },
  }));
}
