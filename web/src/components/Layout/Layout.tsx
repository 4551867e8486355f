import { Box, Burger, Button, Container, Drawer, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router-dom";
import { SITE_NAME } from "../../site";
import { Logo } from "../Logo";
import classes from "./Layout.module.css";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/petition", label: "The Petition" },
  { to: "/donate", label: "Donate" },
];

const COPYRIGHT_YEAR = typeof __BUILD_YEAR__ === "number" ? __BUILD_YEAR__ : new Date().getUTCFullYear();

export function Layout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Link to="/" className={classes.brandLink} aria-label={`${SITE_NAME} home`}>
            <Logo />
          </Link>
          <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
            {NAV.slice(0, 2).map((item) => (
              <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                {item.label}
              </NavLink>
            ))}
            <Button component={Link} to="/donate" color="gold.6" c="ink.9" ml="sm" radius="xl">
              Donate
            </Button>
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open navigation" />
        </Container>
      </header>
      <Drawer opened={opened} onClose={close} title={SITE_NAME} hiddenFrom="sm" position="right" size="xs">
        <Stack gap={4} component="nav" aria-label="Mobile">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end className={classes.navLink} onClick={close}>
              {item.label}
            </NavLink>
          ))}
        </Stack>
      </Drawer>
      <main className={classes.main}>{children}</main>
      <Footer />
    </>
  );
}

function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Logo inverted />
            <Text fz="sm" c="ink.2" maw={320}>
              A nonprofit standing with timeshare owners and their families against unfair contracts, inherited
              debt and exit scams.
            </Text>
          </Stack>
          <Stack gap={8}>
            <Text fw={700} c="white">
              Take action
            </Text>
            <Link className={classes.footerLink} to="/petition">
              The Petition
            </Link>
            <Link className={classes.footerLink} to="/donate">
              Donate
            </Link>
            <Link className={classes.footerLink} to="/">
              Home
            </Link>
          </Stack>
          <Stack gap={8}>
            <Text fw={700} c="white">
              Your data
            </Text>
            <Link className={classes.footerLink} to="/privacy-policy">
              Privacy Policy
            </Link>
            <Link className={classes.footerLink} to="/data-deletion-request">
              Data Deletion Request
            </Link>
            <Link className={classes.footerLink} to="/donate">
              Become a Sponsor
            </Link>
          </Stack>
        </SimpleGrid>
        <Box className={classes.footerBottom}>
          <Text fz="xs" c="ink.3">
            © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
          </Text>
        </Box>
      </Container>
    </footer>
  );
}
