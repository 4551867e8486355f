import { Box, Burger, Button, Container, Drawer, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router-dom";
import { SITE_NAME } from "../../site";
import { isPublicPage, type PlannedPath, type PublicPath } from "../../publicRoutes";
import { IfPage } from "../IfPage";
import { Logo } from "../Logo";
import classes from "./Layout.module.css";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/petition", label: "The Petition" },
  { to: "/donate", label: "Donate" },
].filter((item) => isPublicPage(item.to));

interface FooterColumn {
  heading: string;
  links: { to: PublicPath | PlannedPath; label: string }[];
}

/** The footer's links, by column; a column whose pages are all still to come is left out. */
const FOOTER = ([
  {
    heading: "Take action",
    links: [
      { to: "/petition", label: "The Petition" },
      { to: "/donate", label: "Donate" },
      { to: "/", label: "Home" },
    ],
  },
  {
    heading: "Your data",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/data-deletion-request", label: "Data Deletion Request" },
      { to: "/donate", label: "Become a Sponsor" },
    ],
  },
] satisfies FooterColumn[])
  .map((column): FooterColumn => ({ ...column, links: column.links.filter((link) => isPublicPage(link.to)) }))
  .filter((column) => column.links.length > 0);

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
            {NAV.filter((item) => item.to !== "/donate").map((item) => (
              <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                {item.label}
              </NavLink>
            ))}
            <IfPage to="/donate">
              <Button component={Link} to="/donate" color="gold.6" c="ink.9" ml="sm" radius="xl">
                Donate
              </Button>
            </IfPage>
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
          {FOOTER.map((column) => (
            <Stack key={column.heading} gap={8}>
              <Text fw={700} c="white">
                {column.heading}
              </Text>
              {column.links.map((link) => (
                <Link key={link.label} className={classes.footerLink} to={link.to}>
                  {link.label}
                </Link>
              ))}
            </Stack>
          ))}
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
