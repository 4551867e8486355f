import { Button, Card, Container, Grid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId, useRef, useState, type FormEvent } from "react";
import { LateAlert, preloadAlert } from "../../components/LateAlert";
import { PageHero } from "../../components/page/PageHero";
import { REQUEST as WORDS } from "../../content/report-status";
import { useHydrated } from "../../hooks/useHydrated";
import { ApiError } from "../../lib/api";
import { REPORT_STATUS_API, type LinkRequested } from "./reportStatusApi";

/** The form's rules (zod) and its alerts load when the visitor starts on the form, not with the page. */
const loadRules = () => import("./requestRules");
const prepareForm = () => {
  preloadAlert();
  loadRules().catch((cause) => console.error("The form's rules could not be loaded:", cause));
};

type Outcome = { state: "idle" } | { state: "sent"; message: string } | { state: "failed"; message: string };
type Fields = { reference?: string; email?: string };

/**
 * /report-status: the reporter's reference number and e-mail address, then always the same answer
 * (the API's: the link goes only to a report's own address, and nobody learns whether the pair
 * matched). The link e-mailed opens /report-status/<token>.
 */
export function ReportStatusRequestPage() {
  const hydrated = useHydrated();
  const headingId = useId();
  const [reference, setReference] = useState("");
  const [email, setEmail] = useState("");
  const [fields, setFields] = useState<Fields>({});
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });
  const [busy, setBusy] = useState(false);
  const referenceInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const pending = useRef(false);
  const disabled = !hydrated || busy;

  const showFields = (found: Fields) => {
    setFields(found);
    (found.reference ? referenceInput : emailInput).current?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled || pending.current) return;
    pending.current = true;
    let failed: string = WORDS.unreachable;
    try {
      setOutcome({ state: "idle" });
      const rules = await loadRules();
      failed = rules.REPORT_STATUS_MESSAGES.failed;
      const checked = rules.checkRequest(reference, email);
      if (!checked.ok) return showFields(checked.fields);
      setFields({});
      setBusy(true);
      // retried with one idempotency key: one link e-mailed (lib/sendOnce.ts, loaded with the form's rules)
      const { sendOnce } = await import("../../lib/sendOnce");
      await sendOnce<LinkRequested>(REPORT_STATUS_API.link, async () => checked.value, failed);
      setOutcome({ state: "sent", message: rules.REPORT_STATUS_MESSAGES.sent });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 400 && (cause.fields.reference || cause.fields.email)) showFields(cause.fields);
      else setOutcome({ state: "failed", message: cause instanceof ApiError && cause.status === 429 ? cause.message : failed });
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <PageHero eyebrow={WORDS.eyebrow} title={WORDS.title} lead={WORDS.lead} />
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Grid gutter={48}>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder padding="xl" radius="lg" shadow="md">
              <form onSubmit={submit} onFocus={prepareForm} noValidate aria-labelledby={headingId}>
                <Stack gap="md">
                  <Title order={2} id={headingId} fz="xl" c="ink.9">
                    {WORDS.formTitle}
                  </Title>
                  <TextInput
                    ref={referenceInput}
                    label={WORDS.reference}
                    name="reference"
                    placeholder={WORDS.referencePlaceholder}
                    autoComplete="off"
                    required
                    value={reference}
                    onChange={(e) => setReference(e.currentTarget.value)}
                    error={fields.reference}
                    disabled={disabled}
                  />
                  <TextInput
                    ref={emailInput}
                    label={WORDS.email}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    error={fields.email}
                    disabled={disabled}
                  />
                  <Button type="submit" size="md" color="brand.8" fullWidth disabled={disabled}>
                    {busy ? WORDS.busy : WORDS.submit}
                  </Button>
                  {/* Live regions present from the start, so the outcome is announced when it appears. */}
                  <div aria-live="polite" aria-atomic="true">
                    {outcome.state === "sent" && (
                      <LateAlert color="brand" variant="light" title={WORDS.successTitle} role="status">
                        {outcome.message}
                      </LateAlert>
                    )}
                  </div>
                  {outcome.state === "failed" && (
                    <LateAlert color="red" variant="light" title={WORDS.errorTitle} role="alert">
                      {outcome.message}
                    </LateAlert>
                  )}
                </Stack>
              </form>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Title order={2} fz="xl" c="ink.9">
                {WORDS.stepsTitle}
              </Title>
              <Stack component="ol" gap="sm" pl="lg" m={0}>
                {WORDS.steps.map((step) => (
                  <Text component="li" key={step} c="ink.8" lh={1.6}>
                    {step}
                  </Text>
                ))}
              </Stack>
              <Text c="ink.8" lh={1.6}>
                {WORDS.noReference}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
