import { Box, Button, Container, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Logo } from "../components/Logo";
import { useAuth } from "./auth";

/** Admin chrome: brand, who is signed in, Sign Out. */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { state, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="ink.9" py="sm">
        <Container size="xl">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap">
              <Link to="/admin/dashboard" style={{ textDecoration: "none" }}>
                <Logo inverted />
              </Link>
              <Text c="ink.2" fz="sm" fw={700} tt="uppercase" lts="0.08em" visibleFrom="xs">
                Admin
              </Text>
            </Group>
            {state.status === "signedIn" && (
              <Group gap="md">
                <Text c="ink.1" fz="sm" visibleFrom="sm">
                  {state.username}
                </Text>
                <Button
                  variant="white"
                  color="ink.9"
                  size="xs"
                  onClick={async () => {
                    await signOut();
                    navigate("/admin/login", { replace: true });
                  }}
                >
                  Sign Out
                </Button>
              </Group>
            )}
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="xl">
        {children}
      </Container>
    </Box>
  );
}
