import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { useAuth } from "./auth";

export function AccessDenied() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Card withBorder padding="xl" radius="lg" maw={520} mx="auto" mt={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} fz={28} c="ink.9">
          Access denied
        </Title>
        <Text c="red.8" role="alert">
          Access denied. This area is restricted to administrators only.
        </Text>
        <Group>
          <Button onClick={() => navigate("/")}>Go to Home</Button>
          <Button
            variant="default"
            onClick={async () => {
              await signOut();
              navigate("/admin/login", { replace: true });
            }}
          >
            Sign Out
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
