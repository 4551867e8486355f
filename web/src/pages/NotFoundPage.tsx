import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import { useDocumentTitle } from "../hooks/useDocumentTitle";

export function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  const navigate = useNavigate();
  return (
    <Container size="sm" py={120}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={96} fw={900} lh={1} c="brand.8">
          404
        </Text>
        <Title order={1} c="ink.9">
          Page Not Found
        </Title>
        <Text c="dimmed" fz="lg">
          Sorry, the page you are looking for does not exist or has been moved.
        </Text>
        <Group>
          <Button size="md" onClick={() => navigate(-1)}>
            Go Back
          </Button>
          <Button component={Link} to="/" size="md" variant="subtle">
            Home Page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
