import { Button, Card, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useId, useState, type FormEvent } from "react";
import { LateAlert } from "../../components/LateAlert";
import { CORRECTION } from "../../content/scam-alerts";
import { useHydrated } from "../../hooks/useHydrated";
import { ApiError } from "../../lib/api";
import { startForm, submission } from "../../lib/formStart";
import { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE } from "../../lib/recaptchaErrors";
import { correctionPath } from "./alertsApi";
import type { CorrectionFields } from "./correctionRules";

const loadRules = () => import("./correctionRules");
const prepareForm = () => startForm(loadRules);

const EMPTY: CorrectionFields = { company: "", fullName: "", email: "", message: "" };
type Outcome = { state: "idle" } | { state: "sent" } | { state: "failed"; message: string };

/** What a failure shows: the API's field messages under their fields, its refusal (a limit, the captcha) or the fallback in the alert. */
function failureOf(cause: unknown): { fields?: Partial<CorrectionFields>; alert?: string } {
  if (cause instanceof ApiError) {
    const fields = Object.fromEntries(Object.entries(cause.fields).filter(([k]) => k in EMPTY)) as Partial<CorrectionFields>;
    if (cause.status === 400 && Object.keys(fields).length) return { fields };
    if (cause.status === 400 || cause.status === 429 || cause.status === 404) return { alert: cause.message || CORRECTION.failed };
    return { alert: CORRECTION.failed };
  }
  const message = (cause as Error | undefined)?.message;
  return { alert: message === RECAPTCHA_NOT_AVAILABLE || message === RECAPTCHA_FAILED ? message : CORRECTION.failed };
}

/** "Ask for a correction": a company's request about the alert, checked by the API's rules, captcha'd, sent once. */
export function CorrectionForm({ slug, company }: { slug: string; company: string }) {
  const hydrated = useHydrated();
  const headingId = useId();
  const [values, setValues] = useState<CorrectionFields>({ ...EMPTY, company });
  const [errors, setErrors] = useState<Partial<CorrectionFields>>({});
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });
  const [busy, setBusy] = useState(false);
  const disabled = !hydrated || busy || outcome.state === "sent";
  const field = (name: keyof CorrectionFields) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled,
    onChange: (e: { currentTarget: { value: string } }) => setValues({ ...values, [name]: e.currentTarget.value }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    setBusy(true);
    setOutcome({ state: "idle" });
    try {
      const rules = await loadRules();
      const checked = rules.checkCorrection(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      setErrors({});
      const { captchaToken: tokenFor, sendOnce } = await submission.load();
      // retried with one idempotency key: a request stored once
      await sendOnce<{ id: string }>(
        correctionPath(slug),
        async () => ({ ...checked.values, captchaToken: await tokenFor(rules.CORRECTION_CAPTCHA_ACTION) }),
        CORRECTION.failed,
      );
      setOutcome({ state: "sent" });
    } catch (cause) {
      const failure = failureOf(cause);
      if (failure.fields) setErrors(failure.fields);
      if (failure.alert) setOutcome({ state: "failed", message: failure.alert });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="xl">
      <form onSubmit={submit} onFocus={prepareForm} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={2} id={headingId} fz="xl" c="ink.9">
            {CORRECTION.title}
          </Title>
          <Text c="ink.7">{CORRECTION.intro}</Text>
          <TextInput label={CORRECTION.company} required autoComplete="organization" {...field("company")} />
          <TextInput label={CORRECTION.fullName} required autoComplete="name" {...field("fullName")} />
          <TextInput label={CORRECTION.email} required type="email" autoComplete="email" {...field("email")} />
          <Textarea label={CORRECTION.message} required minRows={4} autosize maxLength={2000} {...field("message")} />
          <Button type="submit" color="brand.8" disabled={disabled} style={{ alignSelf: "flex-start" }}>
            {busy ? CORRECTION.busy : CORRECTION.submit}
          </Button>
          <div aria-live="polite" aria-atomic="true">
            {outcome.state === "sent" && (
              <LateAlert color="brand" variant="light" title={CORRECTION.sentTitle} role="status">
                {CORRECTION.sent}
              </LateAlert>
            )}
          </div>
          {outcome.state === "failed" && (
            <LateAlert color="red" variant="light" title={CORRECTION.errorTitle} role="alert">
              {outcome.message}
            </LateAlert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
