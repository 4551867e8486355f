import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";
import classes from "./Page.module.css";

/** A full-width call to action: dark (the default) or gold (donations). */
export function CtaBand(props: { title: string; text?: ReactNode; tone?: "dark" | "gold"; children: ReactNode }) {
  const headingId = useId();
  const dark = props.tone !== "gold";
  return (
    <section className={dark ? classes.ctaDark : classes.ctaGold} aria-labelledby={headingId}>
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <Title order={2} id={headingId} fz={{ base: 28, sm: 38 }} c={dark ? "white" : "ink.9"}>
            {props.title}
          </Title>
          {props.text && (
            <Text component="div" fz="lg" maw={640} className={classes.ctaText}>
              {props.text}
            </Text>
          )}
          <Group justify="center">{props.children}</Group>
        </Stack>
      </Container>
    </section>
  );
}
