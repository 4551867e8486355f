import { Alert, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { useDocumentTitle } from "../hooks/useDocumentTitle";

/** What the admin area passes when it sends a signed-in user outside the admin group here. */
export interface RefusedState {
  refused: true;
}

export const ACCESS_DENIED = "Access denied. This area is restricted to administrators only.";

const isRefused = (state: unknown): state is RefusedState => (state as RefusedState | null)?.refused === true;

/**
 * /unauthorized: where refused users land (spec). A signed-in non-administrator sent here by the admin
 * area gets the spec's access-denied screen ('Go to Home', 'Sign Out'); anyone else the way to log in.
 */
export function UnauthorizedPage() {
  useDocumentTitle("Unauthorized");
  const refused = isRefused(useLocation().state);
  return (
    <Container size="sm" py={120}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} lh={1} c="gold.9">
          401
        </Text>
        <Title order={1} c="ink.9">
          {refused ? "Access denied" : "Unauthorized"}
        </Title>
        {refused ? (
          <Alert color="red" variant="light" role="alert">
            {ACCESS_DENIED}
          </Alert>
        ) : (
          <Text c="dimmed" fz="lg">
            You do not have permission to view this page. If you are an administrator, sign in with your admin account.
          </Text>
        )}
        <Group>
          <Button component={Link} to="/" size="md">
            Go to Home
          </Button>
          {refused ? (
            <Button component={Link} to="/admin/sign-out" size="md" variant="default">
              Sign Out
            </Button>
          ) : (
            <Button component={Link} to="/admin/login" size="md" variant="default">
              Admin Login
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
