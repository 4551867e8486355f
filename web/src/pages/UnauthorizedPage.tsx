import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../hooks/useDocumentTitle";

export function UnauthorizedPage() {
  useDocumentTitle("Unauthorized");
  return (
    <Container size="sm" py={120}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} lh={1} c="gold.9">
          401
        </Text>
        <Title order={1} c="ink.9">
          Unauthorized
        </Title>
        <Text c="dimmed" fz="lg">
          You do not have permission to view this page. If you are an administrator, sign in with your admin account.
        </Text>
        <Group>
          <Button component={Link} to="/" size="md">
            Go to Home
          </Button>
          <Button component={Link} to="/admin/login" size="md" variant="default">
            Admin Login
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
