import "@mantine/dates/styles.layer.css";
import { Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import dayjs from "dayjs";
import { useId, useState } from "react";
import { RANGE_OPTIONS, type RangeKey, type RangeQuery } from "./analyticsApi";

type Days = [string | null, string | null];

/**
 * 24 hours, 7 days, 30 days or custom days. A preset applies at once; a custom range applies once
 * both of its days are picked (until then the report shown stays).
 */
export function RangeSelector({ value, onChange }: { value: RangeQuery; onChange: (query: RangeQuery) => void }) {
  const labelId = useId();
  const [choice, setChoice] = useState<RangeKey>(value.range);
  const [days, setDays] = useState<Days>(value.range === "custom" ? [value.from, value.to] : [null, null]);

  const choose = (key: RangeKey) => {
    setChoice(key);
    if (key !== "custom") onChange({ range: key });
    else if (days[0] && days[1]) onChange({ range: "custom", from: days[0], to: days[1] });
  };

  const pick = (picked: Days) => {
    setDays(picked);
    if (picked[0] && picked[1]) onChange({ range: "custom", from: picked[0], to: picked[1] });
  };

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text component="span" id={labelId} fz="sm" fw={500}>
          Range
        </Text>
        <SegmentedControl aria-labelledby={labelId} data={RANGE_OPTIONS} value={choice} onChange={(key) => choose(key as RangeKey)} />
      </Stack>
      {choice === "custom" && (
        <Stack gap={4}>
          <DatePickerInput
            type="range"
            label="Custom dates"
            placeholder="Pick the first and last day"
            valueFormat="MM/DD/YYYY"
            value={days}
            onChange={(picked) => pick(picked as Days)}
            maxDate={dayjs().format("YYYY-MM-DD")}
            allowSingleDateInRange
            w={{ base: "100%", xs: 260 }}
          />
          {!(days[0] && days[1]) && (
            <Text fz="xs" c="dimmed">
              Pick a start and an end day to see that range.
            </Text>
          )}
        </Stack>
      )}
    </Group>
  );
}
