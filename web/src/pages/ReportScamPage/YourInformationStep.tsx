import { Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { AGE_RANGES, FIELD_LABELS, QUESTIONS } from "@site/core/report/catalogue";
import { WIZARD } from "../../content/report-scam";
import { YesNo } from "./controls";
import { withValue, type StepProps } from "./wizardForm";

/** Step 1, 'Your Information' (spec §2): the reporter, an optional age range and two yes/no questions. */
export function YourInformationStep({ draft, change, field, disabled }: StepProps) {
  const text = (name: "fullName" | "email" | "city" | "state") => ({
    ...field(name),
    label: FIELD_LABELS[name],
    required: true,
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(withValue(name, event.currentTarget.value)),
  });
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <TextInput {...text("fullName")} autoComplete="name" />
        <TextInput {...text("email")} type="email" autoComplete="email" />
        <TextInput {...text("city")} autoComplete="address-level2" />
        <TextInput {...text("state")} autoComplete="address-level1" />
      </SimpleGrid>
      <Select
        {...field("ageRange")}
        label={FIELD_LABELS.ageRange}
        size="md"
        placeholder={WIZARD.agePlaceholder}
        data={AGE_RANGES}
        value={draft.ageRange || null}
        onChange={(value) =>
          change(withValue("ageRange", (AGE_RANGES as readonly string[]).includes(value ?? "") ? (value as (typeof AGE_RANGES)[number]) : ""))
        }
        clearable
        clearButtonProps={{ "aria-label": WIZARD.clearAge }}
        maw={{ sm: "calc(50% - var(--mantine-spacing-lg) / 2)" }}
      />
      <YesNo label={QUESTIONS.speakWithTeam} value={draft.speakWithTeam} onChange={(v) => change(withValue("speakWithTeam", v))} disabled={disabled} />
      <YesNo label={QUESTIONS.shareAnonymously} value={draft.shareAnonymously} onChange={(v) => change(withValue("shareAnonymously", v))} disabled={disabled} />
    </Stack>
  );
}
