import { z } from "zod";

/**
 * `{domain}`: a domain whose mail the brake holds, or the network (`203.0.113.0/24`, `2001:db8:1::/48`)
 * it holds mail from, as the console names it (the browser's buttons send it).
 */
export const HeldDomainInput = z.object({
  domain: z
    .string({ error: "Domain is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Domain is required" })
    .max(253, { error: "Domain is too long" })
    .regex(/^(?:[a-z0-9.-]+|[0-9a-f.:]+\/(?:24|48))$/, { error: "Domain is not valid" }),
});
export type HeldDomainInput = z.infer<typeof HeldDomainInput>;
