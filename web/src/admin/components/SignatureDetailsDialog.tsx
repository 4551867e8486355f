import { Alert, Badge, Card, Code, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import { adminApi, adminRequest } from "../adminApi";
import { mergeDetails, normalizeSignatureDetails, orNA, signedAt, type SignatureDetails, type SignatureRow } from "../lib/signatures";

const DETAILS_FALLBACK = "Failed to load signature details";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.04em">
        {label}
      </Text>
      <Text fz="sm" c="ink.9" style={{ wordBreak: "break-word" }}>
        {orNA(value)}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={3} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Card>
  );
}

/** View Details: signer, location and device of one signature, fetched in full from the API. */
export function SignatureDetailsDialog({ row, onClose }: { row: SignatureRow | null; onClose: () => void }) {
  const [details, setDetails] = useState<SignatureDetails | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!row) return;
    let live = true;
    // Show what the list already knows at once, then the full record.
    setDetails(normalizeSignatureDetails(row));
    setError(null);
    setLoading(true);
    adminRequest<unknown>(adminApi.signature(row.petitionId, row.id), { fallbackMessage: DETAILS_FALLBACK })
      .then((full) => {
        if (!live) return;
        // Keep list values where the full record leaves a field empty.
        setDetails(mergeDetails(normalizeSignatureDetails(row), normalizeSignatureDetails(full)));
      })
      .catch((cause: Error) => live && setError(cause.message || DETAILS_FALLBACK))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [row]);

  const d = details;
  return (
    <Modal
      opened={!!row}
      onClose={onClose}
      size="lg"
      centered
      radius="lg"
      title={
        <Group gap="sm">
          <Text fw={800} c="ink.9">
            Signature Details
          </Text>
          {loading && <Loader size="xs" color="brand" aria-label="Loading details" />}
        </Group>
      }
    >
      {d && (
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={800} fz="lg" c="ink.9">
                {`${d.firstName} ${d.lastName}`.trim() || "N/A"}
              </Text>
              <Text c="dimmed" fz="sm">
                {d.email || "N/A"}
              </Text>
            </div>
            {d.device.deviceType && (
              <Badge variant="light" color="ink" size="lg">
                {d.device.deviceType}
              </Badge>
            )}
          </Group>
          <Section title="Signer">
            <Field label="First Name" value={d.firstName} />
            <Field label="Last Name" value={d.lastName} />
            <Field label="Email" value={d.email} />
            <Field label="Timeshare Name" value={d.timeshareName} />
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.04em">
                Petition ID
              </Text>
              <Code fz="xs">{orNA(d.petitionId)}</Code>
            </div>
            <Field label="Signed At (EST)" value={signedAt(d)} />
          </Section>
          <Section title="Location">
            <Field label="City" value={d.location.city} />
            <Field label="Region" value={d.location.region} />
            <Field label="Country" value={d.location.country} />
            <Field label="IP Address" value={d.location.ipAddress} />
          </Section>
          <Section title="Device">
            <Field label="Browser" value={d.device.browser} />
            <Field label="Device Type" value={d.device.deviceType} />
            <Field label="Screen Resolution" value={d.device.screenResolution} />
            <Field label="Timezone" value={d.device.timezone} />
            {d.device.language && <Field label="Language" value={d.device.language} />}
          </Section>
          {d.device.userAgent && (
            <Text fz="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
              User agent: {d.device.userAgent}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
