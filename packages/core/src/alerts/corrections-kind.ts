import { z } from "zod";
import { defineKind } from "../kinds/define";
import { SUBMISSION_RETENTION_YEARS } from "../policy/retention";
import { EmailAddress } from "../util/email";

/**
 * A company's request to correct a published scam alert: a personal record (it holds the sender's
 * name and address), declared once (kinds/define.ts) and registered in privacy/kinds.ts, so the
 * administrators' list, its export, /my-data, erasure and retention serve it like every kind. The
 * alert's slug is its first order: the requests of one alert are one prefix of that order (corrections.ts).
 */
export const correctionKind = defineKind({
  name: "scamAlertCorrection",
  plural: "scam-alert-corrections",
  label: { one: "scam alert correction request", many: "scam alert correction requests" },
  schema: z.object({
    alertSlug: z.string().min(1).max(60),
    company: z.string().trim().min(1).max(200),
    fullName: z.string().trim().min(1).max(100),
    email: EmailAddress({ required: "Email is required", invalid: "Please enter a valid email address." }),
    message: z.string().trim().min(1).max(2_000),
  }),
  admin: {
    fields: ["alertSlug", "company", "fullName", "email", "message"],
    orders: (o) => ({
      alertSlug: o.value(1, (r) => r.alertSlug),
      company: o.text(2, (r) => r.company),
      fullName: o.text(3, (r) => r.fullName),
      email: o.text(4, (r) => r.email),
    }),
    search: ["company", "fullName", "email"],
  },
  columns: [
    ["Alert", (r) => r.alertSlug],
    ["Company", (r) => r.company],
    ["Full Name", (r) => r.fullName],
    ["Email", (r) => r.email],
    ["Message", (r) => r.message],
    ["Sent (UTC)", (r) => r.createdAt],
  ],
  personalData: {
    erasure: "with the person",
    retention: { years: SUBMISSION_RETENTION_YEARS, after: "SUBMISSION_RETENTION_YEARS after the request" },
    describe: (r) => `Correction request for the scam alert "${r.alertSlug}" on behalf of ${r.company}`,
  },
});

/** The order slot holding the alert's slug. */
export const CORRECTION_ALERT_SLOT = 1;
