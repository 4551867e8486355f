import { Anchor, Button, Card, Container, Grid, Loader, Stack, Text, Title } from "@mantine/core";
import type { PublicAlert } from "@site/core/alerts/types";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { PageHero } from "../../components/page/PageHero";
import { ALERT } from "../../content/scam-alerts";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ApiError } from "../../lib/api";
import { SITE_NAME } from "../../site";
import { AlertFigures } from "./AlertFigures";
import { AlertIdentifiers } from "./alertParts";
import { alertOf, embeddedAlert } from "./alertsApi";
import { deferred, useDeferred } from "../../lib/deferred";

/** The correction form (its fields, Mantine's text area) loads once the alert is on the screen, not with the page. */
const correction = deferred(() => import("./CorrectionForm"));

type Loaded = { state: "loading" } | { state: "found"; alert: PublicAlert } | { state: "missing" } | { state: "failed" };

/**
 * /scam-alerts/:slug: one published alert. The page is served with the alert in a data block
 * (public-scam-alert-page.ts: alerts are data, none is prerendered), else fetched; the title and the
 * administrator's summary, what it names, what owners reported, "Report this company" (the wizard
 * with the company filled in) and the correction form for companies.
 */
export function ScamAlertPage() {
  const { slug = "" } = useParams();
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const alert = embeddedAlert(slug);
    return alert ? { state: "found", alert } : { state: "loading" };
  });
  useDocumentTitle(`${loaded.state === "found" ? `Scam alert: ${loaded.alert.title}` : ALERT.eyebrow} | ${SITE_NAME}`);

  useEffect(() => {
    const served = embeddedAlert(slug);
    if (served) {
      setLoaded({ state: "found", alert: served });
      return;
    }
    let current = true;
    setLoaded({ state: "loading" });
    alertOf(slug).then(
      (alert) => current && setLoaded({ state: "found", alert }),
      (cause) => current && setLoaded(cause instanceof ApiError && cause.status === 404 ? { state: "missing" } : { state: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [slug]);

  const form = useDeferred(correction);
  useEffect(() => {
    if (loaded.state === "found") correction.load().catch((cause) => console.error("The correction form could not be loaded:", cause));
  }, [loaded.state]);

  if (loaded.state !== "found") return <Unavailable loaded={loaded} />;
  const { alert } = loaded;
  return (
    <>
      <PageHero
        eyebrow={ALERT.eyebrow}
        title={alert.title}
        lead={<span data-testid="alert-count">{ALERT.reports(alert.stats.reports)}</span>}
        actions={
          <Button component={Link} to={`/report-scam?company=${encodeURIComponent(alert.title)}`} size="lg" radius="xl" color="gold.6" c="ink.9">
            {ALERT.reportButton}
          </Button>
        }
      />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Grid gutter={48}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="xl">
              <Stack gap="sm">
                <Title order={2} fz="xl" c="ink.9">
                  {ALERT.identifiersTitle}
                </Title>
                <AlertIdentifiers alert={alert} />
              </Stack>
              <Text c="ink.8" lh={1.7} style={{ whiteSpace: "pre-line" }} data-testid="alert-summary">
                {alert.summary}
              </Text>
              <Stack gap="md">
                <Title order={2} fz="xl" c="ink.9">
                  {ALERT.figuresTitle}
                </Title>
                <AlertFigures stats={alert.stats} />
                <Text c="dimmed" fz="sm">
                  {ALERT.consent}
                </Text>
              </Stack>
              <Anchor component={Link} to="/scam-alerts" c="brand.9" underline="always">
                {ALERT.allAlerts}
              </Anchor>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            {form ? <form.CorrectionForm slug={alert.slug} company={alert.title} /> : <Card withBorder radius="lg" padding="xl" mih={420} aria-hidden />}
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

function Unavailable({ loaded }: { loaded: Exclude<Loaded, { state: "found" }> }) {
  return (
    <Container size="sm" py={80}>
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="md" align="flex-start">
          {loaded.state === "loading" ? (
            <Loader size="sm" aria-label={ALERT.loading} />
          ) : (
            <>
              <Title order={1} fz="xl" c="ink.9">
                {loaded.state === "missing" ? ALERT.notFoundTitle : ALERT.eyebrow}
              </Title>
              <Text c="ink.8" role={loaded.state === "failed" ? "alert" : undefined}>
                {loaded.state === "missing" ? ALERT.notFound : ALERT.failed}
              </Text>
            </>
          )}
          <Anchor component={Link} to="/scam-alerts" c="brand.9" underline="always">
            {ALERT.allAlerts}
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}
