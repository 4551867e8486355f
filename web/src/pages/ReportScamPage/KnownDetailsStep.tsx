import { Alert, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { FIELD_LABELS } from "@site/core/report/catalogue";
import type { ReportDraft } from "@site/core/report/draft";
import { WIZARD } from "../../content/report-scam";
import { EvidenceField } from "./EvidenceField";
import { withScammer, withValue, type StepProps } from "./wizardForm";

type ScammerField = keyof ReportDraft["scammer"];

const LABELS: Record<ScammerField, string> = {
  name: FIELD_LABELS.scammerName,
  company: FIELD_LABELS.companyName,
  phone: FIELD_LABELS.scammerPhone,
  email: FIELD_LABELS.scammerEmail,
  website: FIELD_LABELS.scammerWebsite,
};

/**
 * Step 3, 'Share Any Known Details' (spec §2, §5): at least one of the scammer's name, company,
 * phone, e-mail, website or a file. The phone keeps what was typed here, so a stray character gets
 * the spec's shorter message instead of vanishing.
 */
export function KnownDetailsStep({ draft, change, field, disabled, onUploadBusy }: StepProps) {
  const detailsNeeded = field("scammer");
  const input = (name: ScammerField) => ({
    ...field(`scammer.${name}`),
    label: LABELS[name],
    value: draft.scammer[name],
    autoComplete: "off",
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(withScammer(name, event.currentTarget.value)),
  });
  return (
    <Stack gap="lg">
      {detailsNeeded.error && (
        <Alert color="red" variant="light" id={detailsNeeded.id} tabIndex={-1}>
          {detailsNeeded.error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <TextInput {...input("name")} />
        <TextInput {...input("company")} />
        <TextInput {...input("phone")} type="tel" />
        <TextInput {...input("email")} type="email" />
      </SimpleGrid>
      <TextInput {...input("website")} type="url" inputMode="url" placeholder={WIZARD.websitePlaceholder} />
      <EvidenceField
        purpose="details"
        label={FIELD_LABELS.evidence}
        value={draft.evidence}
        onChange={(evidence) => change(withValue("evidence", evidence))}
        onBusy={(busy) => onUploadBusy("evidence", busy)}
        field={{ ...field("evidence"), disabled }}
      />
    </Stack>
  );
}
