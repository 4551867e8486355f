import { z } from "zod";

/**
 * What the browser may tell us about itself; everything else is derived on the server. Only zod
 * here: the public forms import it.
 */
export const ClientDetails = z.object({
  screenResolution: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9x ]*$/, "Invalid screen resolution")
    .optional(),
  timezone: z.string().trim().max(64).optional(),
  language: z.string().trim().max(35).optional(),
});
export type ClientDetails = z.infer<typeof ClientDetails>;
