import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import type { ApiError } from "../lib/api";

/** The spec's message for a petition that could not be loaded (a failing or unreachable server). */
export const PETITION_LOAD_FAILED = "Failed to load petition data";

/** What a petition page shows when the petition cannot be loaded. */
export function PetitionUnavailable({ error }: { error: ApiError }) {
  const missing = error.status === 404;
  return (
    <Container size="sm" py={120}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} c="ink.9">
          {missing ? "Petition not found" : "Failed to load petition"}
        </Title>
        {missing ? (
          <Text c="dimmed">This petition does not exist or is no longer available.</Text>
        ) : (
          <Text c="dimmed" role="alert">
            {PETITION_LOAD_FAILED}. Please check your connection and try again in a moment.
          </Text>
        )}
        <Button component={Link} to="/petition">
          See the Timeshare Reform Petition
        </Button>
      </Stack>
    </Container>
  );
}
