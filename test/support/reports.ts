import { randomUUID } from "node:crypto";
import type { PresignedUpload } from "@site/core/evidence";
import type { ReportInput } from "@site/core/report/input";

/** A real (tiny) PDF and a real 1×1 PNG: their first bytes are what evidence sniffing checks. */
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
    "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** What the browser does with a presigned POST: every policy field, then the file, last. */
export async function postToBucket(presigned: PresignedUpload, body: Uint8Array, fileName: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(body)], { type: presigned.fields["Content-Type"] }), fileName);
  return fetch(presigned.url, { method: "POST", body: form });
}

/** The smallest report the API takes: step 1, one scam type, one contact method, one known detail. */
export const minimalReport = (n: number | string, extra: Partial<ReportInput> = {}): ReportInput => ({
  reporter: { fullName: "Ana Lima", email: `reporter-${n}-${randomUUID().slice(0, 6)}@example.com`, city: "Orlando", state: "FL" },
  scamTypes: [{ type: "other", description: "They asked for a transfer fee." }],
  contactMethods: [{ method: "in_person", location: "Orlando", eventType: "Owner update" }],
  dateOccurred: "2025-03-07",
  scammer: { company: "Resale Pros LLC" },
  client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
  ...extra,
});

/** Every scam type and contact method with their own fields, every question answered. */
export const fullReport = (n: number | string, evidence: ReportInput["evidence"] = {}): ReportInput => ({
  reporter: {
    fullName: "Dana O'Reilly",
    email: `Full-Reporter-${n}-${randomUUID().slice(0, 6)}@Example.com`,
    city: "Orlando",
    state: "FL",
    ageRange: "61+",
    speakWithTeam: true,
    shareAnonymously: false,
  },
  scamTypes: [
    { type: "fake_resale", claimedSaleAmount: 25000 },
    { type: "upfront_fees", amount: 1500, promisedServices: "A listing on a resale site" },
    { type: "high_pressure", tactics: "A four-hour presentation <b>with</b> free drinks", limitedTimeOrThreat: true },
    { type: "refund_exit", promisedRefund: 9000, contactedAfterOtherCompany: true },
    { type: "other", description: "They called my mother too." },
  ],
  contactMethods: [
    { method: "phone", countryCode: "+44", phoneNumber: "(555) 123-4567" },
    { method: "email", emailAddress: "offers@resale.example" },
    { method: "social_media", platform: "Facebook", profile: "Resale Pros" },
    { method: "in_person", location: "Las Vegas", eventType: "Owner update meeting" },
  ],
  moneyLost: true,
  amountLost: 1500,
  dateOccurred: "2025-03-07",
  scammer: { name: "John Smith", company: "Resale & Pros <LLC>", phone: "+1 555 987 6543", email: "john@resale.example", website: "resale.example" },
  evidence,
  reportedElsewhere: true,
  reportedTo: "Florida Attorney General",
  wantUpdates: true,
  client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
});
