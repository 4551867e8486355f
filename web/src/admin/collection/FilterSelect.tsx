import { Select } from "@mantine/core";

/** A list filter's drop-down: always one value ("" for all), full width on a phone, `width` px beside the search otherwise. */
export function FilterSelect({
  label,
  data,
  value,
  onChange,
  width,
}: {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  width: number;
}) {
  return <Select label={label} data={data} value={value} onChange={(v) => onChange(v ?? "")} allowDeselect={false} size="sm" w={{ base: "100%", xs: width }} />;
}
