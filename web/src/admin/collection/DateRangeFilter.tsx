import "@mantine/dates/styles.layer.css";
import { DatePickerInput } from "@mantine/dates";

/** "Date From" and "Date To" pickers of a collection's day filters (YYYY-MM-DD; "" = any), each bounding the other. */
export function DateRangeFilter(props: { from: string; to: string; onFrom: (day: string) => void; onTo: (day: string) => void }) {
  return (
    <>
      <DatePickerInput
        label="Date From"
        valueFormat="MM/DD/YYYY"
        clearable
        value={props.from || null}
        onChange={(day) => props.onFrom(day ?? "")}
        maxDate={props.to || undefined}
        size="sm"
        w={{ base: "100%", xs: 150 }}
      />
      <DatePickerInput
        label="Date To"
        valueFormat="MM/DD/YYYY"
        clearable
        value={props.to || null}
        onChange={(day) => props.onTo(day ?? "")}
        minDate={props.from || undefined}
        size="sm"
        w={{ base: "100%", xs: 150 }}
      />
    </>
  );
}
