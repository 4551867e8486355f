import { Box, Burger, Button, Container, Group, Stack, Text } from "@mantine/core";
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { DONATE_LINK, FOOTER_ABOUT, FOOTER_COLUMNS, HEADER_LINKS, HEADER_MENUS, type NavGroup, type NavLinkItem } from "../../content/navigation";
import { isPublicPage, prerenderRoute } from "../../publicRoutes";
import { SITE_NAME } from "../../site";
import { IconChevronDown } from "../iconBase";
import { Logo } from "../Logo";
import classes from "./Layout.module.css";

/** Links and groups of the navigation whose pages exist (a group with none is left out). */
const built = (links: NavLinkItem[]) => links.filter((link) => isPublicPage(link.to));
const builtGroups = (groups: NavGroup[]) => groups.map((group) => ({ ...group, links: built(group.links) })).filter((group) => group.links.length > 0);

const LINKS = built(HEADER_LINKS);
const MENUS = builtGroups(HEADER_MENUS);
const FOOTER = builtGroups(FOOTER_COLUMNS);
const DONATE = isPublicPage(DONATE_LINK.to) ? DONATE_LINK : undefined;

const COPYRIGHT_YEAR = typeof __BUILD_YEAR__ === "number" ? __BUILD_YEAR__ : new Date().getUTCFullYear();

/** The path the app showed last; undefined before the first render (the page as loaded keeps focus). */
let shownPath: string | undefined;

/**
 * After a navigation inside the app, focus moves to the new page's <h1>, so screen readers announce
 * it and keyboard users continue from the top of the page. Pages loaded on demand get their heading
 * a moment later: it is looked for over a few frames.
 */
function useFocusHeadingOnNavigation(pathname: string) {
  useEffect(() => {
    const previous = shownPath;
    shownPath = pathname;
    if (previous === undefined || previous === pathname) return;
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const heading = document.querySelector<HTMLElement>("main h1");
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      } else if (tries++ < 120) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/**
 * The title of a prerendered route, kept right as the visitor moves around the app. (Its description
 * and share tags matter only to crawlers, which get each page's own HTML.)
 */
function usePageMeta(pathname: string) {
  useEffect(() => {
    const route = prerenderRoute(pathname);
    if (!route) return;
    document.title = route.title;
  }, [pathname]);
}

/** A header menu: a button that shows or hides its list of links (the disclosure pattern). */
function NavMenu({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className={classes.menu}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className={classes.navLink} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        {group.label}
        <IconChevronDown size={16} className={classes.chevron} />
      </button>
      <ul id={listId} className={classes.menuList} hidden={!open}>
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={classes.menuLink}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The public pages' frame: skip link, header with navigation, the page, footer. */
export function Layout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  useFocusHeadingOnNavigation(pathname);
  usePageMeta(pathname);
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Link to="/" className={classes.brandLink} aria-label={`${SITE_NAME} home`}>
            <Logo />
          </Link>
          <Group gap={4} visibleFrom="md" component="nav" aria-label="Main" wrap="nowrap">
            {LINKS.map((item) => (
              <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                {item.label}
              </NavLink>
            ))}
            {MENUS.map((group) => (
              <NavMenu key={group.label} group={group} />
            ))}
            {DONATE && (
              <Button component={Link} to={DONATE.to} color="gold.6" c="ink.9" ml="sm" radius="xl">
                {DONATE.label}
              </Button>
            )}
          </Group>
          <Burger
            opened={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
            hiddenFrom="md"
            aria-label={menuOpen ? "Close navigation" : "Open navigation"}
            aria-expanded={menuOpen}
            aria-controls={panelId}
          />
        </Container>
        <nav id={panelId} aria-label="Mobile" className={classes.mobilePanel} hidden={!menuOpen}>
          <Container size="lg">
            <Stack gap={2} py="sm">
              {[...LINKS, ...(DONATE ? [DONATE] : [])].map((item) => (
                <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                  {item.label}
                </NavLink>
              ))}
              {MENUS.map((group) => (
                <Box key={group.label} mt="xs">
                  <Text className={classes.mobileHeading}>{group.label}</Text>
                  {group.links.map((link) => (
                    <NavLink key={link.to} to={link.to} end className={classes.navLink}>
                      {link.label}
                    </NavLink>
                  ))}
                </Box>
              ))}
            </Stack>
          </Container>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        {children ?? <Outlet />}
      </main>
      <Footer />
    </>
  );
}

function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        {/* A grid of its own (Layout.module.css), not Mantine's SimpleGrid: every page has a footer, few a SimpleGrid */}
        <div className={classes.footerGrid} style={{ "--footer-columns": 1 + FOOTER.length } as CSSProperties}>
          <Stack gap="sm">
            <Logo inverted />
            <Text fz="sm" c="ink.1" maw={320}>
              {FOOTER_ABOUT}
            </Text>
          </Stack>
          {FOOTER.map((column) => (
            <nav key={column.label} aria-label={column.label}>
              <Text fw={700} c="white" mb={8}>
                {column.label}
              </Text>
              <Stack gap={8} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link className={classes.footerLink} to={link.to}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </Stack>
            </nav>
          ))}
        </div>
        <Box className={classes.footerBottom}>
          <Text fz="xs" c="ink.2">
            © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
          </Text>
        </Box>
      </Container>
    </footer>
  );
}
