import { Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./Page.module.css";

/**
 * The dark hero that opens a content page: the page's one <h1>, a lead paragraph and its buttons,
 * with an optional card beside them on wide screens.
 */
export function PageHero(props: { eyebrow?: string; title: ReactNode; lead: ReactNode; actions?: ReactNode; aside?: ReactNode }) {
  const text = (
    <Stack gap="lg" align="flex-start">
      {props.eyebrow && <span className={classes.eyebrow}>{props.eyebrow}</span>}
      <Title order={1} className={classes.heroTitle}>
        {props.title}
      </Title>
      <Text component="div" className={classes.heroLead}>
        {props.lead}
      </Text>
      {props.actions && <Group gap="md">{props.actions}</Group>}
    </Stack>
  );
  return (
    <section className={classes.hero}>
      <Container size="lg">
        {props.aside ? (
          <Grid gutter={48} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>{text}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>{props.aside}</Grid.Col>
          </Grid>
        ) : (
          text
        )}
      </Container>
    </section>
  );
}
