import { Container, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";
import classes from "./Page.module.css";

/**
 * A page section with a centred heading (an <h2>) that names it for screen readers. `alt` gives it
 * the light grey background, so consecutive sections can alternate.
 */
export function Section(props: { kicker?: string; title: string; intro?: ReactNode; alt?: boolean; children?: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <section className={props.alt ? classes.sectionAlt : classes.section} aria-labelledby={headingId} id={props.id}>
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={props.children ? 48 : 0} maw={760} mx="auto">
          {props.kicker && <Text className={classes.kicker}>{props.kicker}</Text>}
          <Title order={2} id={headingId} className={classes.sectionTitle}>
            {props.title}
          </Title>
          {props.intro && (
            <Text component="div" c="ink.7" fz="lg" lh={1.6}>
              {props.intro}
            </Text>
          )}
        </Stack>
        {props.children}
      </Container>
    </section>
  );
}
