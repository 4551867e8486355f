import { Badge, Code, Group, Text } from "@mantine/core";
import { useRecordDetails } from "../hooks/useRecordDetails";
import { signaturePath } from "../api/signatures";
import { DetailField as Field, DetailSection, DetailsDialog } from "./DetailSection";
import { mergeDetails, normalizeSignatureDetails, orNA, signedAt, type SignatureDetails, type SignatureRow } from "../lib/signatures";

const DETAILS_FALLBACK = "Failed to load signature details";

/** View Details: signer, location and device of one signature, fetched in full from the API. */
export function SignatureDetailsDialog({ row, onClose }: { row: SignatureRow | null; onClose: () => void }) {
  const { details, loading, error } = useRecordDetails<SignatureRow, SignatureDetails>(row, {
    path: signaturePath,
    // Show what the list already knows at once, then the full record,
    initial: normalizeSignatureDetails,
    // keeping list values where the full record leaves a field empty.
    full: (r, fetched) => mergeDetails(normalizeSignatureDetails(r), normalizeSignatureDetails(fetched)),
    fallbackMessage: DETAILS_FALLBACK,
  });

  const d = details;
  return (
    <DetailsDialog opened={!!row} onClose={onClose} title="Signature Details" loading={loading} error={error}>
      {d && (
        <>
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
          <DetailSection title="Signer">
            <Field label="First Name" value={d.firstName} />
            <Field label="Last Name" value={d.lastName} />
            <Field label="Email" value={d.email} />
            <Field label="Timeshare Name" value={d.timeshareName} />
            <Field label="Petition ID" value={<Code fz="xs">{orNA(d.petitionId)}</Code>} />
            <Field label="Signed At (EST)" value={signedAt(d)} />
          </DetailSection>
          <DetailSection title="Location">
            <Field label="City" value={d.location.city} />
            <Field label="Region" value={d.location.region} />
            <Field label="Country" value={d.location.country} />
            <Field label="IP Address" value={d.location.ipAddress} />
          </DetailSection>
          <DetailSection title="Device">
            <Field label="Browser" value={d.device.browser} />
            <Field label="Device Type" value={d.device.deviceType} />
            <Field label="Screen Resolution" value={d.device.screenResolution} />
            <Field label="Timezone" value={d.device.timezone} />
            {d.device.language && <Field label="Language" value={d.device.language} />}
          </DetailSection>
          {d.device.userAgent && (
            <Text fz="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
              User agent: {d.device.userAgent}
            </Text>
          )}
        </>
      )}
    </DetailsDialog>
  );
}
