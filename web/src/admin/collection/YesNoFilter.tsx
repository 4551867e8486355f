import { Select } from "@mantine/core";

export const YES_NO_ANY = [
  { value: "", label: "Any" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** A yes/no filter (Any, Yes, No) for a toolbar's filter slot; "" means any. */
export function YesNoFilter({ label, value, onChange }: { label: string; value: string | null; onChange: (value: string) => void }) {
  return (
    <Select
      label={label}
      data={YES_NO_ANY}
      value={value ?? ""}
      onChange={(next) => onChange(next ?? "")}
      allowDeselect={false}
      size="sm"
      w={{ base: "100%", xs: 140 }}
    />
  );
}
