import { Alert, Anchor, Button, Card, Checkbox, Group, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { formatCount } from "../../../lib/format";
import type { AlertDraft } from "../../api/cases";
import { ALERT_SUMMARY_MAX, ALERT_TITLE_MAX, alertAdminLink, alertPublicLink, PUBLISHABLE_TYPES } from "../scam-alerts/alerts";
import { identifierLabel, type CaseHead, type CaseIdentifier } from "./cases";

const keyOf = (identifier: CaseIdentifier) => `${identifier.type}:${identifier.value ?? identifier.shown}`;

/**
 * "Publish a scam alert": the administrator's title and summary and the identifiers the public
 * may search by, chosen among the case's; once published, the ways to the alert.
 */
export function CaseAlertPanel({ head, busy, onPublish }: { head: CaseHead; busy: boolean; onPublish: (draft: AlertDraft) => Promise<boolean> }) {
  const choices = head.identifiers.filter((identifier) => PUBLISHABLE_TYPES.includes(identifier.type));
  const [title, setTitle] = useState(head.title);
  const [summary, setSummary] = useState("");
  const [chosen, setChosen] = useState<string[]>(() => choices.map(keyOf));

  if (head.alertSlug) {
    return (
      <Card withBorder radius="lg" padding="md" component="section" aria-label="Scam alert">
        <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="xs">
          Scam alert
        </Title>
        <Group gap="lg">
          <Anchor component={Link} to={alertAdminLink(head.alertSlug)}>
            Open the alert in the console
          </Anchor>
          <Anchor href={alertPublicLink(head.alertSlug)} target="_blank" rel="noopener">
            Its public page
          </Anchor>
        </Group>
      </Card>
    );
  }

  const identifiers = choices.filter((identifier) => chosen.includes(keyOf(identifier)));
  const ready = !!title.trim() && !!summary.trim() && identifiers.length > 0 && !head.mergedInto;

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Publish a scam alert">
      <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="xs">
        Publish a scam alert
      </Title>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          The public page shows your title and summary and what the reports say in figures (scam types, states, amounts in ranges, dates), counting only the{" "}
          {formatCount(head.consenting)} of {formatCount(head.reports)} reports whose reporters agreed. Never a reporter&apos;s name, address or words.
        </Text>
        {head.consenting === 0 && (
          <Alert color="yellow" variant="light">
            No reporter of this case agreed to publication yet: the alert would show no reports.
          </Alert>
        )}
        <TextInput label="Alert title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={ALERT_TITLE_MAX} required />
        <Textarea
          label="Summary"
          description="In your words: what owners reported, what to watch for."
          value={summary}
          onChange={(e) => setSummary(e.currentTarget.value)}
          maxLength={ALERT_SUMMARY_MAX}
          autosize
          minRows={3}
          maxRows={10}
          required
        />
        <Checkbox.Group label="Searchable by" description="The public finds the alert by these, in any spelling." value={chosen} onChange={setChosen}>
          <Stack gap={6} mt={6}>
            {choices.length === 0 && (
              <Text fz="sm" c="dimmed">
                The case names no company, phone number or website.
              </Text>
            )}
            {choices.map((identifier) => (
              <Checkbox key={keyOf(identifier)} value={keyOf(identifier)} label={`${identifierLabel(identifier.type)}: ${identifier.shown}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button
            disabled={!ready || busy}
            loading={busy}
            onClick={() =>
              void onPublish({ title: title.trim(), summary: summary.trim(), identifiers: identifiers.map(({ type, shown }) => ({ type, shown })) })
            }
          >
            Publish the alert
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
