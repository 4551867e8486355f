import { Stack, TextInput } from "@mantine/core";
import { FIELD_LABELS, QUESTIONS } from "@site/core/report/catalogue";
import { YesNo } from "./controls";
import { withValue, type StepProps } from "./wizardForm";

/** Step 4, 'Make Your Report Go Further' (spec §2): reported elsewhere (and to whom), and updates. */
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
    </Stack>
  );
}
