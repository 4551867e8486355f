import { AppShell, Box, Burger, Button, Group, NavLink, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { Logo } from "../components/Logo";
import { useAuth } from "./auth";
import { ADMIN_SECTIONS, sectionOf } from "./adminSections";

const NAV_WIDTH = 200;

/** Admin chrome: brand, who is signed in, Sign Out, and the navigation between the console's sections (a drawer on narrow screens). */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { state, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const current = sectionOf(pathname);
  useEffect(close, [pathname, close]);

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: NAV_WIDTH, breakpoint: "md", collapsed: { mobile: !opened } }} padding="md" bg="gray.0">
      <AppShell.Header bg="ink.9" withBorder={false}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" color="white" aria-label={opened ? "Close navigation" : "Open navigation"} />
            <Link to="/admin/dashboard" style={{ textDecoration: "none" }}>
              <Logo inverted />
            </Link>
            <Text c="ink.2" fz="sm" fw={700} tt="uppercase" lts="0.08em" visibleFrom="xs">
              Admin
            </Text>
          </Group>
          {state.status === "signedIn" && (
            <Group gap="md" wrap="nowrap">
              <Text c="ink.1" fz="sm" visibleFrom="sm">
                {state.username}
              </Text>
              <Button
                variant="white"
                color="ink.9"
                size="xs"
                onClick={async () => {
                  await signOut();
                  void navigate("/admin/login", { replace: true });
                }}
              >
                Sign Out
              </Button>
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Admin">
        <Box component="nav" aria-label="Admin sections">
          {ADMIN_SECTIONS.map((section) => (
            <NavLink
              key={section.to}
              component={Link}
              to={section.to}
              label={section.label}
              active={section === current}
              aria-current={section === current ? "page" : undefined}
              variant="light"
              fw={600}
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          ))}
        </Box>
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={1400} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
