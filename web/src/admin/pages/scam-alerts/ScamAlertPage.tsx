import { Alert, Anchor, Center, Group, Loader, SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { useCase } from "../../api/cases";
import { updateScamAlert, useScamAlert, type AlertChange } from "../../api/scamAlerts";
import { NoticeBanner } from "../../components/NoticeBanner";
import { PageHeader } from "../../components/PageHeader";
import { useNotice } from "../../hooks/useNotice";
import { caseLink } from "../cases/cases";
import { AlertCorrections } from "./AlertCorrections";
import { AlertEditForm } from "./AlertEditForm";
import { AlertStatsCard } from "./AlertStatsCard";
import { ALERT_MESSAGES, alertPublicLink } from "./alerts";

/** /admin/scam-alerts/:slug: one alert, remounted when the slug changes. */
export function ScamAlertRoute() {
  const { slug = "" } = useParams();
  return <ScamAlertPage key={slug} slug={slug} />;
}

function ScamAlertPage({ slug }: { slug: string }) {
  const { data, error, mutate } = useScamAlert(slug);
  const alert = data?.alert;
  const { data: caseDetails } = useCase(alert?.caseId);
  const { notice, success, failure } = useNotice(6000);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(alert ? `Scam Alert: ${alert.title}` : "Scam Alert");

  const save = async (change: AlertChange) => {
    setBusy(true);
    try {
      await updateScamAlert(slug, change);
      await mutate();
      success(ALERT_MESSAGES.saved);
    } catch (cause) {
      failure((cause as Error)?.message || ALERT_MESSAGES.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  if (!data || !alert) {
    return error ? (
      <Stack gap="lg">
        <PageHeader title="Scam Alert" back={{ to: "/admin/scam-alerts", label: "Back to Scam Alerts" }} />
        <Alert color="red" variant="light" role="alert">
          {error.status === 404 ? "There is no such scam alert." : error.message || ALERT_MESSAGES.loadFailed}
        </Alert>
      </Stack>
    ) : (
      <Center py={80} role="status">
        <Loader color="brand" aria-label="Loading the scam alert" />
      </Center>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={alert.title}
        subtitle={
          <Group gap="lg" component="span">
            <Anchor component={Link} to={caseLink(alert.caseId)}>
              Open case {caseDetails?.case.reference ?? ""}
            </Anchor>
            {alert.published && (
              <Anchor href={alertPublicLink(alert.slug)} target="_blank" rel="noopener">
                Its public page
              </Anchor>
            )}
          </Group>
        }
        back={{ to: "/admin/scam-alerts", label: "Back to Scam Alerts" }}
      />
      <NoticeBanner notice={notice} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <AlertEditForm
            key={alert.updatedAt}
            alert={alert}
            caseIdentifiers={caseDetails?.case.identifiers ?? []}
            busy={busy}
            onSave={(change) => void save(change)}
          />
          <AlertStatsCard stats={alert.stats} />
        </Stack>
        <AlertCorrections corrections={data.corrections} />
      </SimpleGrid>
    </Stack>
  );
}
