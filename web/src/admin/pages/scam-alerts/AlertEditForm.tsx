import { Button, Card, Checkbox, Group, Stack, Switch, TextInput, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import type { AlertIdentifierType } from "@site/core/alerts/types";
import type { AlertChange } from "../../api/scamAlerts";
import { identifierLabel, type CaseIdentifier } from "../cases/cases";
import { ALERT_SUMMARY_MAX, ALERT_TITLE_MAX, PUBLISHABLE_TYPES, type ScamAlert } from "./alerts";

const keyOf = (identifier: Pick<CaseIdentifier, "type" | "value" | "shown">) => `${identifier.type}:${identifier.value || identifier.shown}`;

/**
 * An alert's words, what it is searchable by (among its case's identifiers) and whether it is
 * published; only what changed is sent.
 */
export function AlertEditForm({
  alert,
  caseIdentifiers,
  busy,
  onSave,
}: {
  alert: ScamAlert;
  /** the case's identifiers, when it loaded: the choices besides the alert's own */
  caseIdentifiers: CaseIdentifier[];
  busy: boolean;
  onSave: (change: AlertChange) => void;
}) {
  const [title, setTitle] = useState(alert.title);
  const [summary, setSummary] = useState(alert.summary);
  const [published, setPublished] = useState(alert.published);
  const choices = [...alert.identifiers, ...caseIdentifiers.filter((i) => PUBLISHABLE_TYPES.includes(i.type))].filter(
    (identifier, index, all) => all.findIndex((other) => keyOf(other) === keyOf(identifier)) === index,
  );
  const [chosen, setChosen] = useState<string[]>(() => alert.identifiers.map(keyOf));

  const change: AlertChange = {};
  if (title.trim() !== alert.title) change.title = title.trim();
  if (summary.trim() !== alert.summary) change.summary = summary.trim();
  if (published !== alert.published) change.published = published;
  const identifiers = choices.filter((identifier) => chosen.includes(keyOf(identifier)));
  const before = alert.identifiers.map(keyOf).sort().join("\n");
  if (identifiers.map(keyOf).sort().join("\n") !== before)
    change.identifiers = identifiers.map(({ type, shown }) => ({ type: type as AlertIdentifierType, shown }));
  const valid = !!title.trim() && !!summary.trim() && identifiers.length > 0;

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Alert">
      <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="sm">
        Alert
      </Title>
      <Stack gap="sm">
        <TextInput label="Alert title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={ALERT_TITLE_MAX} required />
        <Textarea
          label="Summary"
          value={summary}
          onChange={(e) => setSummary(e.currentTarget.value)}
          maxLength={ALERT_SUMMARY_MAX}
          autosize
          minRows={3}
          maxRows={12}
          required
        />
        <Checkbox.Group label="Searchable by" value={chosen} onChange={setChosen}>
          <Stack gap={6} mt={6}>
            {choices.map((identifier) => (
              <Checkbox key={keyOf(identifier)} value={keyOf(identifier)} label={`${identifierLabel(identifier.type)}: ${identifier.shown}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label="Published (shown at /scam-alerts and found by the search)" checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button onClick={() => onSave(change)} disabled={!valid || Object.keys(change).length === 0 || busy} loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
