import { Anchor, Button, Card, Center, Group, Loader, Stack, Stepper, Text, Title, VisuallyHidden } from "@mantine/core";
import { STEP_TITLES, type WizardStep } from "@site/core/report/catalogue";
import type { ReportDraft } from "@site/core/report/draft";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate } from "react-router-dom";
import { LateAlert } from "../../components/LateAlert";
import { STEP_HELP, STEP_INCOMPLETE, WIZARD } from "../../content/report-scam";
import { useHydrated } from "../../hooks/useHydrated";
import { trackEvent } from "../../lib/analytics";
import { ApiError, api, type ReportCreated } from "../../lib/api";
import { useDeferred } from "../../lib/deferred";
import { startForm, submission } from "../../lib/formStart";
import { rememberReference, type ReportThankYouState } from "../../lib/reportReference";
import { emptyWizardDraft } from "./emptyDraft";
import classes from "./ReportWizard.module.css";
import { clearWizard, saveWizard } from "./wizardStorage";
import { useSavedWizard } from "./useSavedWizard";
import { laterSteps, rules, type Rules } from "./wizardParts";
import { YourInformationStep } from "./YourInformationStep";
import { fieldId, focusField, submitsOnEnter, type ChangeDraft, type FieldProps, type StepProps } from "./wizardForm";
import { refusedEvidence, submissionError, withoutEvidence } from "./submitErrors";

const THANK_YOU_PATH = "/report-scam/thank-you";
const LAST_STEP: WizardStep = 3;

function stepComponent(step: WizardStep, later: typeof laterSteps.loaded): ComponentType<StepProps> | undefined {
  if (step === 0) return YourInformationStep;
  return later && [later.WhatHappenedStep, later.KnownDetailsStep, later.GoFurtherStep][step - 1];
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
  const [draft, setDraft] = useState<ReportDraft>(emptyWizardDraft);
  const [step, setStep] = useState<WizardStep>(0);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [revealed, setRevealed] = useState<ReadonlySet<WizardStep>>(() => new Set());
  const [uploads, setUploads] = useState<ReadonlySet<string>>(() => new Set());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const rulesHere = useDeferred(rules);
  const laterStepsHere = useDeferred(laterSteps);

  const restored = useSavedWizard(setDraft, setStep);

  // Steps 2-4 are here before the reporter moves on (goTo waits for them); a step shown without them
  // (their chunk failed to load) asks again.
  const Step = stepComponent(step, laterStepsHere);
  useEffect(() => {
    if (!Step) laterSteps.load().catch((cause) => console.error("The report's next step could not be loaded:", cause));
  }, [Step]);

  useEffect(() => {
    if (restored) saveWizard({ draft, step });
  }, [restored, draft, step]);

  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    heading.current?.focus();
  }, [step]);

  const errors = useMemo(() => rulesHere?.stepErrors(step, draft), [rulesHere, step, draft]);
  const complete = errors !== undefined && Object.keys(errors).length === 0;
  const uploading = uploads.size > 0;
  const disabled = !hydrated || !restored || submitting;

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
    error: touched.has(path) || revealed.has(step) ? errors?.[path] : undefined,
    onBlur: () => touch(path),
    disabled,
  });

  /**
   * The reporter's first touch of the form: load the captcha (and what sending needs), the rules and
   * the next steps, and count a started report (once).
   */
  function onFormFocus() {
    startForm(rules.load, laterSteps.load);
    if (started.current) return;
    started.current = true;
    trackEvent("report_started");
  }

  /** Shows step `next`, once its code is here (steps 2-4 load with the rules). */
  function goTo(next: WizardStep) {
    const show = () => {
      stepChanged.current = true;
      setStep(next);
    };
    if (stepComponent(next, laterSteps.loaded)) show();
    else laterSteps.load().then(show, show);
  }

  function showMissing() {
    setRevealed((current) => new Set(current).add(step));
    // after the messages (and the step's own banner) are rendered
    rules.load().then(
      ({ stepErrors }) => {
        const first = Object.keys(stepErrors(step, draft))[0];
        if (first) setTimeout(() => focusField(first), 0);
      },
      (cause) => console.error("The report's rules could not be loaded:", cause),
    );
  }

  async function submit() {
    setSubmitting(true);
    setError(null);
    try {
      const [{ draftToInput, REPORT_CAPTCHA_ACTION }, { captchaToken: tokenFor, clientInfo, sendOnce }] = await Promise.all([rules.load(), submission.load()]);
      const created = await sendOnce<ReportCreated>(
        api.reports,
        async () => draftToInput(draft, { captchaToken: await tokenFor(REPORT_CAPTCHA_ACTION), client: clientInfo() }),
        WIZARD.submitFallback,
      );
      rememberReference(created.reference);
      clearWizard();
      void navigate(THANK_YOU_PATH, { state: { reference: created.reference } satisfies ReportThankYouState });
    } catch (cause) {
      setError(submissionError(cause));
      if (cause instanceof ApiError && refusedEvidence(cause)) setDraft(withoutEvidence);
      setSubmitting(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitStep();
  }

  /**
   * Enter in a field before the rules have arrived: Next is disabled until they have, and a browser
   * ignores Enter in a form whose submit button is disabled, so the step is sent on here instead.
   */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== "Enter" || rules.loaded || event.nativeEvent.isComposing || !submitsOnEnter(event.target)) return;
    event.preventDefault();
    submitStep();
  }

  /** Next (or Submit on the last step), once the step is complete. */
  function submitStep() {
    if (disabled || uploading) return;
    const proceed = ({ stepErrors }: Rules) => {
      if (Object.keys(stepErrors(step, draft)).length > 0) return;
      if (step < LAST_STEP) goTo((step + 1) as WizardStep);
      else void submit();
    };
    // (Enter pressed before the rules arrived: the step is checked once they have)
    if (rules.loaded) proceed(rules.loaded);
    else rules.load().then(proceed, (cause) => console.error("The report's rules could not be loaded:", cause));
  }

  const props: StepProps = { draft, change, field, touch, disabled, onUploadBusy };
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
          <LateAlert color="red" variant="filled" title={WIZARD.errorTitle} role="alert">
            {error}
          </LateAlert>
        )}

        <form onSubmit={onSubmit} onKeyDown={onKeyDown} onFocus={onFormFocus} noValidate aria-labelledby={headingId}>
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

            {Step ? (
              <Step {...props} />
            ) : (
              <Center py="xl">
                <Loader color="brand.8" aria-label={WIZARD.loadingStep} />
              </Center>
            )}

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
