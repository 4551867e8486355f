import { Alert, Anchor, Button, Card, Group, Stack, Stepper, Text, Title, VisuallyHidden } from "@mantine/core";
import { STEP_TITLES, type WizardStep } from "@site/core/report/catalogue";
import { emptyDraft, stepErrors, type ReportDraft } from "@site/core/report/draft";
import { draftToInput, REPORT_CAPTCHA_ACTION } from "@site/core/report/input";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { STEP_HELP, STEP_INCOMPLETE, WIZARD } from "../../content/report-scam";
import { loadConfig } from "../../lib/runtimeConfig";
import { useHydrated } from "../../hooks/useHydrated";
import { trackEvent } from "../../lib/analytics";
import { ApiError, api, postJson, type ReportCreated } from "../../lib/api";
import { clientInfo } from "../../lib/clientInfo";
import { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE, loadRecaptcha, recaptchaToken } from "../../lib/recaptcha";
import { rememberReference, type ReportThankYouState } from "../../lib/reportReference";
import { clearWizard, loadWizard, saveWizard } from "./draftStorage";
import classes from "./ReportWizard.module.css";
import { GoFurtherStep } from "./GoFurtherStep";
import { KnownDetailsStep } from "./KnownDetailsStep";
import { WhatHappenedStep } from "./WhatHappenedStep";
import { YourInformationStep } from "./YourInformationStep";
import { fieldId, type ChangeDraft, type FieldProps, type StepProps } from "./wizardForm";

const THANK_YOU_PATH = "/report-scam/thank-you";
const LAST_STEP: WizardStep = 3;

const STEPS = [YourInformationStep, WhatHappenedStep, KnownDetailsStep, GoFurtherStep] as const;

/** The config and the captcha load when the reporter starts filling the form, not with the page. */
function prepareCaptcha() {
  loadConfig()
    .then(({ recaptchaSiteKey }) => (recaptchaSiteKey ? loadRecaptcha(recaptchaSiteKey) : undefined))
    .catch((cause) => console.error("reCAPTCHA failed to load:", cause));
}

/** The red banner's text: the API's own message, the captcha's, or the spec's fallback. */
function submissionError(cause: unknown): string {
  if (cause instanceof ApiError) {
    // a server that failed with a reason: the spec's 'Failed to submit report: {message}'; no reason or
    // no answer at all (status 0): its generic fallback; a refusal (4xx): the server's own words
    if (cause.status >= 500 && cause.message && cause.message !== WIZARD.submitFallback) return WIZARD.submitFailed(cause.message);
    return cause.message || WIZARD.submitFallback;
  }
  const message = (cause as Error | undefined)?.message;
  return message === RECAPTCHA_NOT_AVAILABLE || message === RECAPTCHA_FAILED ? message : WIZARD.submitFallback;
}

/**
 * Whether the API refused the report for its evidence (its `fields` name `evidence.<purpose>`). It
 * then deletes the refused file, and every other file it had already claimed for that report
 *, so the draft's references are dead: the reporter chooses the files again, or none.
 */
const refusedEvidence = (error: ApiError): boolean => Object.keys(error.fields).some((key) => key.startsWith("evidence."));

const withoutEvidence = (draft: ReportDraft): ReportDraft => ({
  ...draft,
  evidence: undefined,
  contactMethodFields: { ...draft.contactMethodFields, email: { ...draft.contactMethodFields.email, evidence: undefined } },
});

/** Focuses a field's control, or the first control inside it (a group of choices). */
function focusField(path: string) {
  const element = document.getElementById(fieldId(path));
  if (!element) return;
  const control = element.matches("input, textarea, button, select, [tabindex]") ? element : element.querySelector<HTMLElement>("input, textarea, button");
  control?.focus();
}

/**
 * The four-step report (spec §2 "Report-a-scam wizard", §4 "Wizard"). Next stays disabled until
 * the step is complete; a hint says why and can show every message of the step. Steps 0 to 3;
 * Submit on the last, which reads 'Submitting...' and disables Back and itself while the report
 * is sent. What was typed is kept in the tab's storage; the prerendered form stays disabled until
 * the app runs it.
 */
export function ReportWizard() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const headingId = useId();
  const hintId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const started = useRef(false);
  const [draft, setDraft] = useState<ReportDraft>(emptyDraft);
  const [step, setStep] = useState<WizardStep>(0);
  const [restored, setRestored] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [revealed, setRevealed] = useState<ReadonlySet<WizardStep>>(() => new Set());
  const [uploads, setUploads] = useState<ReadonlySet<string>>(() => new Set());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const saved = loadWizard();
    if (saved) {
      setDraft(saved.draft);
      setStep(saved.step);
    }
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored) saveWizard({ draft, step });
  }, [restored, draft, step]);

  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    heading.current?.focus();
  }, [step]);

  const errors = useMemo(() => stepErrors(step, draft), [step, draft]);
  const complete = Object.keys(errors).length === 0;
  const uploading = uploads.size > 0;
  const disabled = !hydrated || submitting;

  const touch = useCallback((path: string) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))), []);
  const change: ChangeDraft = useCallback((update) => setDraft(update), []);
  const onUploadBusy = useCallback(
    (path: string, busy: boolean) =>
      setUploads((current) => {
        if (current.has(path) === busy) return current;
        const next = new Set(current);
        if (busy) next.add(path);
        else next.delete(path);
        return next;
      }),
    [],
  );
  const field = (path: string): FieldProps => ({
    id: fieldId(path),
    error: touched.has(path) || revealed.has(step) ? errors[path] : undefined,
    onBlur: () => touch(path),
    disabled,
  });

  /** The reporter's first touch of the form: load the captcha, and count a started report (once). */
  function onFormFocus() {
    prepareCaptcha();
    if (started.current) return;
    started.current = true;
    trackEvent("report_started");
  }

  function goTo(next: WizardStep) {
    stepChanged.current = true;
    setStep(next);
  }

  function showMissing() {
    setRevealed((current) => new Set(current).add(step));
    const first = Object.keys(errors)[0];
    // after the messages (and the step's own banner) are rendered
    if (first) setTimeout(() => focusField(first), 0);
  }

  async function submit() {
    setSubmitting(true);
    setError(null);
    try {
      const runtime = await loadConfig().catch(() => null);
      const captchaToken = runtime?.recaptchaSiteKey ? await recaptchaToken(runtime.recaptchaSiteKey, REPORT_CAPTCHA_ACTION) : undefined;
      const created = await postJson<ReportCreated>(api.reports, draftToInput(draft, { captchaToken, client: clientInfo() }), {
        fallbackMessage: WIZARD.submitFallback,
      });
      rememberReference(created.reference);
      clearWizard();
      navigate(THANK_YOU_PATH, { state: { reference: created.reference } satisfies ReportThankYouState });
    } catch (cause) {
      setError(submissionError(cause));
      if (cause instanceof ApiError && refusedEvidence(cause)) setDraft(withoutEvidence);
      setSubmitting(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled || !complete || uploading) return;
    if (step < LAST_STEP) goTo((step + 1) as WizardStep);
    else void submit();
  }

  const props: StepProps = { draft, change, field, touch, disabled, onUploadBusy };
  const Step = STEPS[step];
  const last = step === LAST_STEP;

  return (
    // Placeholders the pickers render as text ("Pick a date") must meet AA contrast too: Mantine's
    // default grey does not.
    <Card withBorder radius="lg" shadow="sm" padding="xl" style={{ "--mantine-color-placeholder": "var(--mantine-color-gray-7)" }}>
      <Stack gap="xl">
        <nav aria-label={WIZARD.progressLabel}>
          <Stepper
            active={step}
            onStepClick={(index) => !disabled && index < step && goTo(index as WizardStep)}
            allowNextStepsSelect={false}
            size="sm"
            color="brand.8"
            classNames={{ stepBody: classes.stepBody }}
          >
            {STEP_TITLES.map((title, index) => (
              <Stepper.Step
                key={title}
                label={
                  <>
                    {title}
                    {index <= step && <VisuallyHidden> ({index < step ? WIZARD.completed : WIZARD.current})</VisuallyHidden>}
                  </>
                }
                aria-current={index === step ? "step" : undefined}
                disabled={index > step}
              />
            ))}
          </Stepper>
        </nav>

        {error && (
          <Alert color="red" variant="filled" title={WIZARD.errorTitle} role="alert">
            {error}
          </Alert>
        )}

        <form onSubmit={onSubmit} onFocus={onFormFocus} noValidate aria-labelledby={headingId}>
          <Stack gap="xl">
            <Stack gap={6}>
              <Text c="brand.8" fw={800} fz="sm" tt="uppercase" lts="0.06em">
                {WIZARD.stepOf(step + 1, STEP_TITLES.length)}
              </Text>
              <Title order={2} id={headingId} ref={heading} tabIndex={-1} c="ink.9" fz={{ base: 24, sm: 28 }} style={{ outlineOffset: 4 }}>
                {STEP_TITLES[step]}
              </Title>
              <Text c="ink.7" lh={1.6}>
                {STEP_HELP[step]}
              </Text>
            </Stack>

            <Step {...props} />

            <Stack gap="xs">
              <Group justify="space-between" gap="md">
                {step > 0 ? (
                  <Button type="button" variant="default" size="md" onClick={() => goTo((step - 1) as WizardStep)} disabled={disabled}>
                    {WIZARD.back}
                  </Button>
                ) : (
                  <span />
                )}
                <Button
                  type="submit"
                  size="md"
                  color="brand.8"
                  disabled={disabled || !complete || uploading}
                  aria-describedby={complete && !uploading ? undefined : hintId}
                >
                  {last ? (submitting ? WIZARD.submitting : WIZARD.submit) : WIZARD.next}
                </Button>
              </Group>
              {uploading ? (
                <Text fz="sm" c="ink.7" ta="right" id={hintId}>
                  {WIZARD.uploadBusy}
                </Text>
              ) : (
                !complete && (
                  <Text fz="sm" c="ink.7" ta="right" id={hintId}>
                    {STEP_INCOMPLETE[step]}{" "}
                    <Anchor component="button" type="button" fz="sm" onClick={showMissing} c="brand.9" fw={600}>
                      {WIZARD.showMissing}
                    </Anchor>
                  </Text>
                )
              )}
            </Stack>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
