import { MailBreaker } from "@site/core/mail/breaker";
import { adminRoute, ok } from "../lib/http";

/**
 * `GET /api/admin/mail/breaker` → the feedback breaker's state (`open`, and when it opened: `reason`,
 * `openedAt`, the rates) with the current count's outcomes (`window`: sends, bounces, complaints over
 * the last MailBreaker.WINDOW_HOURS hours): the dashboard says when visitor e-mail is paused.
 */
export const handler = adminRoute(async () => {
  const state = await MailBreaker.state();
  return ok({ ...state, window: await MailBreaker.windowCounts(state.epoch), windowHours: MailBreaker.WINDOW_HOURS });
});
