import { Anchor, Button, Card, Checkbox, Stack, Text, TextInput, Title } from "@mantine/core";
import { LEAD_MESSAGES, SUCCESS_TOAST_MS, type LeadFormInfo } from "@site/core/lead/forms";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { IfPage } from "../../components/IfPage";
import { LateAlert } from "../../components/LateAlert";
import { LEAD_FORM_WORDS as WORDS } from "../../content/guide-pages";
import { useHydrated } from "../../hooks/useHydrated";
import { useTimedMessage } from "../../hooks/useTimedMessage";
import { trackEvent } from "../../lib/analytics";
import { ApiError } from "../../lib/api";
import { startForm, submission } from "../../lib/formStart";
import {
  EMPTY_LEAD,
  leadFieldErrors,
  leadSubmissionError,
  leadUrl,
  type LeadCreated,
  type LeadField,
  type LeadFieldErrors,
  type LeadFormValues,
} from "./leadForm";

/** The form's rules, the runtime config and the bot check load when the visitor starts on the form, not with the page. */
const loadRules = () => import("./leadRules");

const prepareForm = () => startForm(loadRules);

/**
 * The free-guide form (spec "Lead-capture pages", §5 "Lead forms"): Full Name, Email, the newsletter
 * consent and submit. The consent is sent with the form and recorded only then: ticking the box
 * alone agrees to nothing. Success is announced for SUCCESS_TOAST_MS; the form is cleared only where
 * the spec says (`clearsOnSuccess`). Prerendered, it stays disabled until the app runs it.
 */
export function LeadForm({ info, id }: { info: LeadFormInfo; id?: string }) {
  const hydrated = useHydrated();
  const headingId = useId();
  const [values, setValues] = useState<LeadFormValues>(EMPTY_LEAD);
  const [fieldErrors, setFieldErrors] = useState<LeadFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, showSent] = useTimedMessage(SUCCESS_TOAST_MS);
  const inputs = { fullName: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) } satisfies Record<LeadField, unknown>;
  const pending = useRef(false);
  const disabled = !hydrated || submitting;

  const set = <K extends keyof LeadFormValues>(key: K, value: LeadFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled || pending.current) return;
    pending.current = true;
    try {
      setError(null);
      const { checkLead } = await loadRules();
      const checked = checkLead(values);
      if (!checked.ok) {
        setFieldErrors(checked.errors);
        const first = (["fullName", "email"] as const).find((field) => checked.errors[field]);
        if (first) inputs[first].current?.focus();
        return;
      }
      setFieldErrors({});
      setSubmitting(true);
      const { captchaToken: tokenFor, clientInfo, sendOnce } = await submission.load();
      await sendOnce<LeadCreated>(
        leadUrl(info.form),
        async () => ({ ...checked.submission, captchaToken: await tokenFor(info.captchaAction), client: clientInfo() }),
        LEAD_MESSAGES.saveFailed,
      );
      trackEvent("guide_requested", { form: info.form });
      showSent(LEAD_MESSAGES.sent(info, checked.submission.email));
      if (info.clearsOnSuccess) setValues(EMPTY_LEAD);
    } catch (cause) {
      if (cause instanceof ApiError) setFieldErrors(leadFieldErrors(cause.fields));
      setError(leadSubmissionError(cause, info));
    } finally {
      pending.current = false;
      setSubmitting(false);
    }
  }

  return (
    <Card withBorder padding="xl" radius="lg" shadow="md" id={id}>
      <form onSubmit={submit} onFocus={prepareForm} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} id={headingId} fz="xl" c="ink.9">
              {WORDS.title(info.resource)}
            </Title>
            <Text fz="sm" c="ink.7" lh={1.5}>
              {WORDS.intro(info.resource)}
            </Text>
          </Stack>
          {error && (
            <LateAlert color="red" variant="light" title={WORDS.errorTitle} role="alert">
              {error}
            </LateAlert>
          )}
          <TextInput
            ref={inputs.fullName}
            label={WORDS.fullName}
            name="fullName"
            autoComplete="name"
            required
            value={values.fullName}
            onChange={(e) => set("fullName", e.currentTarget.value)}
            error={fieldErrors.fullName}
            disabled={disabled}
          />
          <TextInput
            ref={inputs.email}
            label={WORDS.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set("email", e.currentTarget.value)}
            error={fieldErrors.email}
            disabled={disabled}
          />
          <Checkbox
            label={LEAD_MESSAGES.consentLabel}
            name="newsletterConsent"
            checked={values.newsletterConsent}
            onChange={(e) => set("newsletterConsent", e.currentTarget.checked)}
            disabled={disabled}
          />
          <Button type="submit" size="md" color="brand.8" fullWidth disabled={disabled}>
            {submitting ? WORDS.sending : WORDS.submit(info.resource)}
          </Button>
          {/* A live region present from the start, so the confirmation is announced when it appears. */}
          <div aria-live="polite" aria-atomic="true">
            {sent && (
              <LateAlert color="brand" variant="light" role="status">
                {sent}
              </LateAlert>
            )}
          </div>
          <Text fz="xs" c="ink.7" lh={1.6}>
            {WORDS.privacy(info.resource)}
            <IfPage to="/privacy-policy">
              {` ${WORDS.privacyPolicy.before} `}
              <Anchor component={Link} to="/privacy-policy" underline="always" fz="xs" c="brand.9">
                {WORDS.privacyPolicy.link}
              </Anchor>
              .
            </IfPage>
            <IfPage to="/data-deletion-request">
              {` ${WORDS.deletion.before} `}
              <Anchor component={Link} to="/data-deletion-request" underline="always" fz="xs" c="brand.9">
                {WORDS.deletion.link}
              </Anchor>
              .
            </IfPage>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
