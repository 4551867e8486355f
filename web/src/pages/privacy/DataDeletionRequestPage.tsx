import { Anchor, Button, Card, Container, Grid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { LateAlert } from "../../components/LateAlert";
import { PageHero } from "../../components/page/PageHero";
import { DELETION as WORDS } from "../../content/data-requests";
import { useHydrated } from "../../hooks/useHydrated";
import { startForm, submission } from "../../lib/formStart";
import { DELETION_REQUEST_URL, deletionFailure, type DeletionSent } from "./deletionForm";
import classes from "./Privacy.module.css";

/** The form's rules, the runtime config and the bot check load when the visitor starts on the form, not with the page. */
const loadRules = () => import("./deletionRules");

const prepareForm = () => startForm(loadRules);

type Outcome = { state: "idle" } | { state: "sent" } | { state: "failed"; message: string };

/**
 * /data-deletion-request (spec "Data Deletion Request"): one e-mail field and 'Submit Deletion
 * Request' ('Processing...' while busy), then a success or an error alert. The answer is the same
 * whether or not the address holds data; the link e-mailed to it opens /my-data.
 */
export function DataDeletionRequestPage() {
  const hydrated = useHydrated();
  const headingId = useId();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef(false);
  const disabled = !hydrated || busy;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled || pending.current) return;
    pending.current = true;
    // (until the rules are here, a failure is the rules' own: the server could not be reached)
    let messages = { failed: WORDS.unreachable as string, captchaFailed: WORDS.unreachable as string };
    try {
      setOutcome({ state: "idle" });
      const rules = await loadRules();
      messages = { failed: rules.PRIVACY_MESSAGES.failed, captchaFailed: rules.CAPTCHA_FAILED };
      const checked = rules.checkDeletion(email);
      if (!checked.ok) {
        setFieldError(checked.error);
        input.current?.focus();
        return;
      }
      setFieldError(null);
      setBusy(true);
      const { captchaToken: tokenFor, sendOnce } = await submission.load();
      // retried with one idempotency key: a request stored once, one link e-mailed
      await sendOnce<DeletionSent>(
        DELETION_REQUEST_URL,
        async () => ({ email: checked.email, captchaToken: await tokenFor(rules.DELETION_CAPTCHA_ACTION) }),
        messages.failed,
      );
      setOutcome({ state: "sent" });
    } catch (cause) {
      const failure = deletionFailure(cause, messages);
      if (failure.field) {
        setFieldError(failure.field);
        input.current?.focus();
      }
      if (failure.alert) setOutcome({ state: "failed", message: failure.alert });
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
                    ref={input}
                    label={WORDS.email}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    error={fieldError}
                    disabled={disabled}
                  />
                  <Button type="submit" size="md" color="brand.8" fullWidth disabled={disabled}>
                    {busy ? WORDS.busy : WORDS.submit}
                  </Button>
                  {/* Live regions present from the start, so the outcome is announced when it appears. */}
                  <div aria-live="polite" aria-atomic="true">
                    {outcome.state === "sent" && (
                      <LateAlert color="brand" variant="light" title={WORDS.successTitle} role="status">
                        {WORDS.sent}
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
              <ol className={classes.steps}>
                {WORDS.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <Text c="ink.8" lh={1.6}>
                {WORDS.unsubscribe}
              </Text>
              <Text c="ink.8" lh={1.6}>
                {`${WORDS.policy.before} `}
                <Anchor component={Link} to="/privacy-policy" c="brand.9" underline="always" inherit>
                  {WORDS.policy.link}
                </Anchor>
                {WORDS.policy.after}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
