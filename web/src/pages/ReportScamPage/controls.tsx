import { Group, Radio } from "@mantine/core";
import { WIZARD } from "../../content/report-scam";

/** A yes/no question as two radio buttons (arrow keys move between them). */
export function YesNo(props: { label: string; value: boolean; onChange: (value: boolean) => void; disabled: boolean; id?: string }) {
  return (
    <Radio.Group size="md" label={props.label} value={props.value ? "yes" : "no"} onChange={(value) => props.onChange(value === "yes")} id={props.id}>
      <Group gap="xl" mt={6}>
        <Radio value="yes" label={WIZARD.yes} disabled={props.disabled} size="md" />
        <Radio value="no" label={WIZARD.no} disabled={props.disabled} size="md" />
      </Group>
    </Radio.Group>
  );
}
