import { Checkbox, Stack, TextInput } from "@mantine/core";
import { FIELD_LABELS, PUBLISH_CONSENT_LABEL, QUESTIONS } from "@site/core/report/catalogue";
import { YesNo } from "./controls";
import { withValue, type StepProps } from "./wizardForm";

/**
 * Step 4, 'Make Your Report Go Further' (spec §2): reported elsewhere (and to whom), updates, and
 * whether an anonymised summary may count toward a public scam alert (unticked until ticked).
 */
export function GoFurtherStep({ draft, change, field, disabled }: StepProps) {
  return (
    <Stack gap="lg">
      <Stack gap="md">
        <YesNo
          label={QUESTIONS.reportedElsewhere}
          value={draft.reportedElsewhere}
          onChange={(v) => change(withValue("reportedElsewhere", v))}
          disabled={disabled}
        />
        {draft.reportedElsewhere && (
          <TextInput
            {...field("reportedTo")}
            label={FIELD_LABELS.reportedTo}
            autoComplete="off"
            value={draft.reportedTo}
            onChange={(event) => change(withValue("reportedTo", event.currentTarget.value))}
          />
        )}
      </Stack>
      <YesNo label={QUESTIONS.wantUpdates} value={draft.wantUpdates} onChange={(v) => change(withValue("wantUpdates", v))} disabled={disabled} />
      <Checkbox
        {...field("publishConsent")}
        size="md"
        label={PUBLISH_CONSENT_LABEL}
        checked={draft.publishConsent}
        onChange={(event) => change(withValue("publishConsent", event.currentTarget.checked))}
      />
    </Stack>
  );
}
