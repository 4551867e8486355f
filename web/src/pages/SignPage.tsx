import { Anchor, Button, Card, Container, Grid, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { SIGN_CAPTCHA_ACTION } from "@site/core/signature/captcha-action";
import { PageLoader } from "../components/PageLoader";
import { PetitionProgress } from "../components/PetitionProgress";
import { LatePetitionUnavailable as PetitionUnavailable } from "../components/LatePetitionUnavailable";
import { IconLock } from "../components/iconBase";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import { useHydrated } from "../hooks/useHydrated";
import { usePetition } from "../hooks/usePetition";
import { trackEvent } from "../lib/analytics";
import { ApiError, api, type Petition, type SignatureCreated } from "../lib/api";
import { raiseCountFloor } from "../lib/countFloor";
import { setLive } from "../lib/liveResource";
import { deferred, useDeferred } from "../lib/deferred";
import { startForm, submission } from "../lib/formStart";
import { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE } from "../lib/recaptchaErrors";
import type { SignatureFormValues } from "../lib/signatureForm";
import type { ConfirmationWait } from "../content/confirmation-wait";
import { REDIRECT_AFTER_SIGN_MS, SITE_NAME, thankYouPath } from "../site";
import { NativeCheckbox } from "../components/form/NativeCheckbox";
import { IfPage } from "../components/IfPage";
import { LateAlert } from "../components/LateAlert";

const SIGN_FALLBACK = "Failed to submit signature";

/**
 * The form's rules (the zod schemas the API enforces too), the runtime config and the captcha are
 * loaded when the visitor starts filling the form, not with the page: the page arrives rendered and
 * hydrates without waiting for them or re-rendering when they arrive.
 */
const loadRules = () => import("../lib/signatureForm");
/** What the form becomes once the signature is sent, loaded with the rules. */
const outcome = deferred(() => import("./SignOutcome"));

const prepareForm = () => startForm(loadRules, outcome.load);
const EMPTY: SignatureFormValues = { firstName: "", lastName: "", email: "", timeshareName: "", newsletterConsent: false, wantsUpdates: false };

export function SignPage() {
  const { id } = useParams<{ id: string }>();
  const { data: petition, error } = usePetition(id);
  useDocumentTitle(petition ? `Sign: ${petition.title}` : "Sign the Petition");

  if (error && !petition) return <PetitionUnavailable error={error} />;
  if (!petition || !id) return <PageLoader label="Loading petition..." />;

  return (
    <Container size="lg" py={{ base: 40, md: 72 }}>
      <Grid gutter={48}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Text c="brand.8" fw={800} fz="sm" tt="uppercase" lts="0.08em">
              Petition
            </Text>
            <Title order={1} c="ink.9" fz={{ base: 30, sm: 40 }} lh={1.15}>
              {petition.title}
            </Title>
            <Text fz="lg" c="ink.7" lh={1.7} style={{ whiteSpace: "pre-line" }}>
              {petition.story}
            </Text>
            <Card withBorder padding="lg">
              <PetitionProgress petition={petition} />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SignForm petition={petition} id={id} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function SignForm({ petition, id }: { petition: Petition; id: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<SignatureFormValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [signed, setSigned] = useState(false);
  // a pending signature: when its confirmation link should arrive (undefined inside: the answer did not say)
  const [pending, setPending] = useState<false | { mail?: ConfirmationWait }>(false);
  const hydrated = useHydrated();
  const busy = submitting || !hydrated;
  const sent = useDeferred(outcome);

  useEffect(() => {
    if ((pending || signed) && !sent) outcome.load().catch((cause) => console.error("The signature's outcome could not be shown:", cause));
  }, [pending, signed, sent]);

  useEffect(() => {
    if (!signed) return;
    const timer = setTimeout(() => void navigate(thankYouPath(id)), REDIRECT_AFTER_SIGN_MS);
    return () => clearTimeout(timer);
  }, [signed, id, navigate]);

  const set = <K extends keyof SignatureFormValues>(key: K, value: SignatureFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { validateSignature } = await loadRules();
    const problems = validateSignature(values);
    setFieldErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setSubmitting(true);
    try {
      const { captchaToken: tokenFor, clientInfo, sendOnce } = await submission.load();
      const created = await sendOnce<SignatureCreated>(
        api.signatures(id),
        async () => ({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          timeshareName: values.timeshareName.trim() || undefined,
          newsletterConsent: values.newsletterConsent,
          wantsUpdates: values.wantsUpdates === true,
          captchaToken: await tokenFor(SIGN_CAPTCHA_ACTION),
          client: clientInfo(),
        }),
        SIGN_FALLBACK,
      );
      trackEvent("signature", { petitionId: id });
      setValues(EMPTY);
      if (created.status === "pending") {
        setPending({ mail: created.mail });
        return;
      }
      raiseCountFloor(id, created.signatureCount);
      setLive<Petition>(api.petition(id), (current) => (current ? { ...current, signatureCount: created.signatureCount } : current));
      setSigned(true);
    } catch (cause) {
      if (cause instanceof ApiError) {
        setFieldErrors(cause.fields);
        setError(cause.message || SIGN_FALLBACK);
      } else {
        const message = (cause as Error)?.message;
        setError(message === RECAPTCHA_NOT_AVAILABLE || message === RECAPTCHA_FAILED ? message : SIGN_FALLBACK);
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (pending || signed)
    return sent ? <sent.SignOutcome outcome={pending ? "pending" : "signed"} mail={pending ? pending.mail : undefined} petition={petition} id={id} /> : null;

  return (
    <Card withBorder padding="xl" radius="lg" shadow="md">
      <form onSubmit={submit} onFocus={prepareForm} noValidate aria-label="Sign the petition">
        <Stack gap="md">
          <Title order={2} fz="xl" c="ink.9">
            Add your name
          </Title>
          {error && (
            <LateAlert color="red" variant="light" title="Your signature was not recorded" role="alert">
              {error}
            </LateAlert>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={(e) => set("firstName", e.currentTarget.value)}
              error={fieldErrors.firstName}
              disabled={busy}
              miw={180}
            />
            <TextInput
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={(e) => set("lastName", e.currentTarget.value)}
              error={fieldErrors.lastName}
              disabled={busy}
              miw={180}
            />
          </Group>
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set("email", e.currentTarget.value)}
            error={fieldErrors.email}
            disabled={busy}
          />
          <TextInput
            label="Timeshare Name"
            name="timeshareName"
            description="Optional: the resort or company you bought from"
            value={values.timeshareName}
            onChange={(e) => set("timeshareName", e.currentTarget.value)}
            error={fieldErrors.timeshareName}
            disabled={busy}
          />
          <NativeCheckbox
            label="Keep me updated about the campaign"
            name="newsletterConsent"
            checked={values.newsletterConsent}
            onChange={(e) => set("newsletterConsent", e.currentTarget.checked)}
            error={fieldErrors.newsletterConsent}
            disabled={busy}
          />
          <NativeCheckbox
            label="Tell me how this petition does"
            description="An e-mail when it reaches a milestone, and its outcome. Every one has a link to stop them."
            name="wantsUpdates"
            checked={values.wantsUpdates === true}
            onChange={(e) => set("wantsUpdates", e.currentTarget.checked)}
            error={fieldErrors.wantsUpdates}
            disabled={busy}
          />
          <Button type="submit" size="lg" fullWidth disabled={busy}>
            {submitting ? "Signing..." : "Sign Petition"}
          </Button>
          <Text fz="xs" c="dimmed" lh={1.6}>
            By signing, you ask lawmakers to support this petition. The {SITE_NAME} uses your name and e-mail address to count and verify your signature; we
            send campaign e-mails and this petition's updates only if you tick a box above, and never sell your data. Signing creates no legal relationship or
            obligation.
            <IfPage to="/privacy-policy">
              {" "}
              Read our{" "}
              <Anchor component={Link} to="/privacy-policy" underline="always" fz="xs">
                privacy policy
              </Anchor>
              .
            </IfPage>
            <IfPage to="/data-deletion-request">
              {" "}
              You can{" "}
              <Anchor component={Link} to="/data-deletion-request" underline="always" fz="xs">
                ask us to delete your data
              </Anchor>
              .
            </IfPage>
          </Text>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconLock size={14} color="#868e96" />
            {/* When reCAPTCHA is on, its own badge (loaded with the form's rules) shows Google's terms. */}
            <Text fz="xs" c="dimmed">
              Each signature is checked on our servers to keep automated sign-ups out.
            </Text>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
