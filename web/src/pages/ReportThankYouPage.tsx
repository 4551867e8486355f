import { Anchor, Button, Card, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { CtaBand } from "../components/page/CtaBand";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { Steps } from "../components/page/Steps";
import { THANK_YOU } from "../content/report-scam";
import { ALERTS_LINK } from "../content/scam-alerts-link";
import { FOLLOW_FROM_THANK_YOU } from "../content/report-status";
import { AFTER_REPORT, WHERE_ELSE } from "../content/timeshare-scam";
import { trackEvent } from "../lib/analytics";
import { currentReference, firstTimeShown } from "../lib/reportReference";

/** The analytics conversion of the spec ("fired on the report thank-you page"). */
const REPORT_CONVERSION_EVENT = "report_submitted";

/**
 * /report-scam/thank-you: where the wizard sends the reporter after a report is accepted, with the
 * reference number to quote. The page is prerendered without a number (it is the tab's own): the
 * number is read once the app runs, from the navigation or, after a reload, the tab's storage.
 */
export function ReportThankYouPage() {
  const location = useLocation();
  // undefined until read (the prerendered page and its hydration), then the number or null
  const [reference, setReference] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const found = currentReference(location.state);
    setReference(found);
    if (found && firstTimeShown(found)) trackEvent(REPORT_CONVERSION_EVENT);
  }, [location.state]);

  return (
    <>
      <PageHero eyebrow={THANK_YOU.eyebrow} title={THANK_YOU.title} lead={THANK_YOU.lead} aside={<ReferenceCard reference={reference} />} />
      <Section kicker={AFTER_REPORT.kicker} title={AFTER_REPORT.title} intro={AFTER_REPORT.intro}>
        <Steps steps={AFTER_REPORT.steps} />
        <Text c="ink.7" ta="center" maw={680} mx="auto" mt={40}>
          {AFTER_REPORT.note}
        </Text>
      </Section>
      <CtaBand title={THANK_YOU.whereElseTitle} text={THANK_YOU.whereElseText}>
        <Button component={Link} to={`/timeshare-scam#${WHERE_ELSE.id}`} size="lg" radius="xl" color="gold.6" c="ink.9">
          {THANK_YOU.whereElseButton}
        </Button>
        <LinkButton to={ALERTS_LINK.to} size="lg" variant="outline" color="white">
          {ALERTS_LINK.label}
        </LinkButton>
        <LinkButton to="/" size="lg" variant="outline" color="white">
          {THANK_YOU.homeButton}
        </LinkButton>
      </CtaBand>
    </>
  );
}

function ReferenceCard({ reference }: { reference: string | null | undefined }) {
  return (
    <Card radius="lg" padding="xl" shadow="md" mih={168}>
      {reference === null ? (
        <Stack gap="md" align="flex-start">
          <Text c="ink.8" lh={1.6}>
            {THANK_YOU.noReference}
          </Text>
          <LinkButton to="/report-scam" color="brand.8">
            {THANK_YOU.reportButton}
          </LinkButton>
        </Stack>
      ) : (
        // Rendered (empty) before the number is known, so nothing moves when it appears.
        <Stack gap={6} aria-hidden={reference === undefined || undefined} style={{ visibility: reference ? undefined : "hidden" }}>
          <Text c="ink.7" fw={700} fz="sm" tt="uppercase" lts="0.06em">
            {THANK_YOU.referenceLabel}
          </Text>
          <Text c="ink.9" fw={800} fz={{ base: 28, sm: 34 }} ff="monospace" lts="0.04em" data-testid="report-reference">
            {reference ?? "\u00a0"}
          </Text>
          <Text c="ink.7" fz="sm" lh={1.5}>
            {THANK_YOU.referenceNote}
          </Text>
          <Anchor component={Link} to="/report-status" fz="sm" c="brand.9" underline="always" data-testid="follow-report">
            {FOLLOW_FROM_THANK_YOU}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
