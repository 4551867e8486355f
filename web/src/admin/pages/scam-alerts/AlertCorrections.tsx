import { Card, Divider, Stack, Text, Title } from "@mantine/core";
import { Fragment } from "react";
import { easternTime } from "../cases/cases";
import type { CorrectionRequest } from "./alerts";

/** The companies' correction requests about the alert, newest first, beside it. */
export function AlertCorrections({ corrections }: { corrections: CorrectionRequest[] }) {
  const newestFirst = [...corrections].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Correction requests">
      <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="sm">
        Correction requests ({newestFirst.length})
      </Title>
      {newestFirst.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No company has asked for a correction.
        </Text>
      ) : (
        <Stack gap="sm">
          {newestFirst.map((request, i) => (
            <Fragment key={request.id}>
              {i > 0 && <Divider />}
              <div data-correction={request.id}>
                <Text fz="sm" fw={700} c="ink.9">
                  {request.company} · {request.fullName}
                </Text>
                <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {request.email}
                </Text>
                <Text fz="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {request.message}
                </Text>
                <Text fz="xs" c="dimmed" mt={4}>
                  {easternTime(request.createdAt)}
                </Text>
              </div>
            </Fragment>
          ))}
        </Stack>
      )}
    </Card>
  );
}
