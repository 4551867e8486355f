import { Progress, Stack, Text } from "@mantine/core";
import { formatCount } from "@site/core/petition/figures";
import { figuresOf } from "@site/core/site/petition-template";
import { useHydrated } from "../hooks/useHydrated";
import type { Petition } from "../lib/api";

/**
 * "N of goal signatures collected" and a progress bar. Its text comes from `figuresOf`, which gives
 * tokens for the template petition (so the petition-page function can fill in any petition's figures:
 * packages/core/src/site/petition-template.ts); hence the bar's value passes through as text.
 */
export function PetitionProgress({ petition }: { petition: Pick<Petition, "id" | "signatureCount" | "goal" | "pendingCount" | "verifySignatures"> }) {
  const figures = figuresOf(petition);
  // after hydration only: the prerendered page (and its template) stays as it was
  const hydrated = useHydrated();
  const pending = petition.pendingCount ?? 0;
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
      {hydrated && (petition.verifySignatures || pending > 0) && (
        <Text fz="sm" c="ink.7" data-testid="verified-counts">
          {formatCount(petition.signatureCount)} verified signatures · {formatCount(pending)} awaiting confirmation
        </Text>
      )}
    </Stack>
  );
}
