import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { ApiError } from "../lib/api";

/** What a petition page shows when the petition cannot be loaded. */
export function PetitionUnavailable({ error }: { error: ApiError }) {
  const missing = error.status === 404;
  return (
    <Container size="sm" py={120}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} c="ink.9">
          {missing ? "Petition not found" : "Failed to load petition"}
        </Title>
        <Text c="dimmed">
          {missing ? "This petition does not exist or is no longer available." : "Please check your connection and try again in a moment."}
        </Text>
        <Button component={Link} to="/petition">
          See the Timeshare Reform Petition
        </Button>
      </Stack>
    </Container>
  );
}
