import { Badge, Button, Group, Text } from "@mantine/core";
import { useRecordDetails } from "../hooks/useRecordDetails";
import { leadPath } from "../api/leads";
import { DetailField as Field, DetailSection, DetailsDialog } from "./DetailSection";
import {
  LEAD_FORM_INFO,
  LEAD_LIST_MESSAGES,
  consentText,
  leadViewOf,
  locationText,
  submittedAt,
  type LeadDetails,
  type LeadRow,
  type LeadView,
} from "../lib/leads";

/**
 * View Details of a free-guide submission: the submitter, when, newsletter consent, and where and on
 * what it was sent from. The list row shows at once; the full record (user agent) follows.
 */
export function LeadDetailsDialog({ row, onClose, onDelete }: { row: LeadRow | null; onClose: () => void; onDelete: (row: LeadRow) => void }) {
  const { details, loading, error } = useRecordDetails<LeadRow, LeadView>(row, {
    path: leadPath,
    initial: (r) => r,
    full: (_r, fetched) => leadViewOf(fetched as LeadDetails),
    fallbackMessage: LEAD_LIST_MESSAGES.detailsFailed,
  });

  const d = details;
  return (
    <DetailsDialog opened={!!row} onClose={onClose} title="Submission Details" loading={loading} error={error}>
      {d && (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={800} fz="lg" c="ink.9">
                {d.fullName || "N/A"}
              </Text>
              <Text c="dimmed" fz="sm">
                {d.email || "N/A"}
              </Text>
            </div>
            <Badge variant="light" color={d.newsletterConsent ? "brand" : "gray"} c="ink.9" size="lg">
              Newsletter: {consentText(d.newsletterConsent)}
            </Badge>
          </Group>
          <DetailSection title="Submitter">
            <Field label="Full Name" value={d.fullName} />
            <Field label="Email" value={d.email} />
            <Field label="Submitted (EST)" value={submittedAt(d)} />
            <Field label="Newsletter Consent" value={consentText(d.newsletterConsent)} />
            <Field label="Form" value={LEAD_FORM_INFO[d.form]?.adminTitle ?? d.form} />
          </DetailSection>
          <DetailSection title="Location and Device">
            <Field label="Location" value={locationText(d)} />
            <Field label="IP Address" value={d.ipAddress} />
            <Field label="Device" value={d.deviceType} />
            <Field label="Browser" value={d.browser} />
            <Field label="Screen Resolution" value={d.screenResolution} />
            <Field label="Language" value={d.language} />
            <Field label="Timezone" value={d.timezone} />
          </DetailSection>
          {d.userAgent && (
            <Text fz="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
              User agent: {d.userAgent}
            </Text>
          )}
          <Group justify="flex-end">
            <Button color="red.7" variant="light" onClick={() => row && onDelete(row)}>
              Delete Submission
            </Button>
          </Group>
        </>
      )}
    </DetailsDialog>
  );
}
