import type { HeldDomain } from "@site/core/mail/held-store";
import type { Progress } from "@site/core/mail/held";
import type { HeldDomainInput } from "@site/core/mail/held-input";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

/** The domains whose visitor e-mail the brake holds (GET /api/admin/mail/held). */
export const useHeldMail = (fallbackMessage: string) => useAdminData<{ domains: HeldDomain[] }>(apiPath("listHeldMail"), fallbackMessage);

/**
 * Allows the domain and sends what was held for it, call after call until nothing is left or a call
 * sends nothing (visitor e-mail paused, the day's mail spent: the rest stays held). Answers how many went.
 */
export async function releaseHeldMail(body: HeldDomainInput, fallbackMessage: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const { done, remaining } = await adminCall<Progress>(route("releaseHeldMail"), { body, fallbackMessage });
    sent += done;
    if (remaining === 0 || done === 0) return sent;
  }
}

/** Discards what is held for the domain, call after call until nothing is left. */
export async function discardHeldMail(body: HeldDomainInput, fallbackMessage: string): Promise<void> {
  for (;;) {
    const { done, remaining } = await adminCall<Progress>(route("discardHeldMail"), { body, fallbackMessage });
    if (remaining === 0 || done === 0) return;
  }
}
