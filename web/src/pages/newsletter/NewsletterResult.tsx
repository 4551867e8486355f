import { Alert, Card, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LinkButton } from "../../components/page/LinkButton";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";

/** The one card both newsletter link pages show: a title, what happened, and what to do next. */
export function NewsletterResult({ title, working, children }: { title: string; working?: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Card radius="lg" padding="xl" shadow="md" withBorder>
        <Stack gap="md">
          <Title order={1} c="ink.9" fz={{ base: 28, sm: 34 }}>
            {title}
          </Title>
          {working ? (
            <Stack align="center" gap="sm" py="md" role="status" aria-live="polite">
              <Loader color="brand.7" />
              <Text c="ink.7">{working}</Text>
            </Stack>
          ) : (
            children
          )}
        </Stack>
      </Card>
    </Container>
  );
}

export function Failure({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title="Something is wrong with this link">
      {message}
    </Alert>
  );
}

/** The card of an e-mail link's action that is done: what happened, and the way home. */
export function DoneResult({ title, message }: { title: string; message: string }) {
  return (
    <NewsletterResult title={title}>
      <Text c="ink.8" fz="lg" lh={1.6} role="status">
        {message}
      </Text>
      <Group>
        <LinkButton to="/" variant="default">
          Go to Home
        </LinkButton>
      </Group>
    </NewsletterResult>
  );
}
