import { Progress, Stack, Text } from "@mantine/core";
import { figuresOf } from "@site/core/site/petition-template";
import type { Petition } from "../lib/api";

/**
 * "N of goal signatures collected" and a progress bar. Its text comes from `figuresOf`, which gives
 * tokens for the template petition (so the petition-page function can fill in any petition's figures:
 * packages/core/src/site/petition-template.ts); hence the bar's value passes through as text.
 */
export function PetitionProgress({ petition }: { petition: Pick<Petition, "id" | "signatureCount" | "goal"> }) {
  const figures = figuresOf(petition);
  return (
    <Stack gap={8}>
      <Text fw={700} fz="lg" c="ink.9">
        {figures.count} of {figures.goal} signatures collected
      </Text>
      <Progress
        // Mantine writes the value into the bar's style and aria attributes as text.
        value={figures.value as unknown as number}
        color="brand.6"
        size="xl"
        radius="xl"
        striped
        animated
        aria-label="Signature progress"
      />
      <Text fz="sm" c="dimmed">
        {figures.percent}% of the goal
      </Text>
    </Stack>
  );
}
