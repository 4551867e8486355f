import { mutate } from "./store";

/**
 * SES put the subscriber's address on the suppression list (suppression/): the subscriber shows as
 * `bounced` or `complained` and is no longer mailed (issue sends take confirmed subscribers only).
 * A complaint also unsubscribes; an unconfirmed subscriber keeps its expiry. Answers whether
 * the subscriber changed (false: none, or already so; a bounce never replaces a complaint).
 */
export async function markSuppressed(email: string, reason: "bounce" | "complaint" | "transient-bounces", at: string): Promise<boolean> {
  const status = reason === "complaint" ? "complained" : "bounced";
  return mutate<boolean>(email, (current) => {
    if (!current || current.status === status || current.status === "complained") return { result: false };
    return {
      next: {
        ...current,
        status,
        suppressedAt: at,
        ...(status === "complained" ? { unsubscribedAt: current.unsubscribedAt ?? at } : {}),
      },
      // like an unsubscribe, only the status and its times change (store.ts)
      targeted: true,
      result: true,
    };
  });
}
