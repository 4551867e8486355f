import { Textarea, TextInput, type TextInputProps } from "@mantine/core";
import { amountDigits, formatUsd } from "@site/core/report/amount";
import type { FieldSpec } from "@site/core/report/catalogue";
import { WIZARD } from "../../content/report-scam";
import { YesNo } from "./controls";
import type { FieldProps } from "./wizardForm";

/** Whole dollars: keeps the digits of what is typed and shows the amount as dollars below. */
export function MoneyInput(
  props: FieldProps & Pick<TextInputProps, "maw"> & { label: string; value: string; onChange: (digits: string) => void; required?: boolean },
) {
  const { label, value, onChange, required, ...field } = props;
  return (
    <TextInput
      {...field}
      label={label}
      required={required}
      inputMode="numeric"
      autoComplete="off"
      leftSection="$"
      value={value}
      onChange={(event) => onChange(amountDigits(event.currentTarget.value))}
      description={value ? formatUsd(Number(value)) : WIZARD.amountHelp}
    />
  );
}

/** The control of one field of a scam type or contact method (catalogue.ts `FieldSpec`). */
export function SpecField(props: { spec: FieldSpec; value: string | boolean; onChange: (value: string | boolean) => void; field: FieldProps }) {
  const { spec, value, onChange, field } = props;
  if (spec.kind === "boolean") {
    return <YesNo label={spec.label} value={value === true} onChange={onChange} disabled={field.disabled} id={field.id} />;
  }
  if (spec.kind === "money") {
    return <MoneyInput {...field} label={spec.label} required value={String(value)} onChange={onChange} />;
  }
  const Control = spec.multiline ? Textarea : TextInput;
  return (
    <Control
      {...field}
      label={spec.label}
      required
      size="md"
      autoComplete="off"
      {...(spec.multiline ? { autosize: true, minRows: 3, maxRows: 8 } : {})}
      value={String(value)}
      onChange={(event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.currentTarget.value)}
    />
  );
}
