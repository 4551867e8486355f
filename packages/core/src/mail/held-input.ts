import { z } from "zod";

/** `{domain}`: a domain whose mail the brake holds, as the console names it (the browser's buttons send it). */
export const HeldDomainInput = z.object({
  domain: z
    .string({ error: "Domain is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Domain is required" })
    .max(253, { error: "Domain is too long" })
    .regex(/^[a-z0-9.-]+$/, { error: "Domain is not valid" }),
});
export type HeldDomainInput = z.infer<typeof HeldDomainInput>;
