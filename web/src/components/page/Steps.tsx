import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import classes from "./Page.module.css";

export interface Step {
  title: string;
  text: string;
}

/** A numbered plan (an ordered list), side by side on wide screens. */
export function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <SimpleGrid component="ol" cols={{ base: 1, md: steps.length > 3 ? 2 : steps.length }} spacing="xl" m={0} p={0} style={{ listStyle: "none" }}>
      {steps.map((step, index) => (
        <Group component="li" key={step.title} align="flex-start" wrap="nowrap" gap="md">
          <div className={classes.stepNumber} aria-hidden="true">
            {index + 1}
          </div>
          <Stack gap={6}>
            <Title order={3} fz="lg" c="ink.9">
              {step.title}
            </Title>
            <Text c="ink.7" lh={1.6}>
              {step.text}
            </Text>
          </Stack>
        </Group>
      ))}
    </SimpleGrid>
  );
}
