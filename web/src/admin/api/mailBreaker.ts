import type { Counts, State } from "@site/core/mail/breaker";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

/** The feedback breaker as the console reads it (GET /api/admin/mail/breaker). */
export type MailBreakerView = State & { window: Counts; windowHours: number };

export const useMailBreaker = (fallbackMessage: string) => useAdminData<MailBreakerView>(apiPath("getMailBreaker"), fallbackMessage);

export const resumeVisitorMail = (fallbackMessage: string) => adminCall<State>(route("resumeMailBreaker"), { body: {}, fallbackMessage });
