/** The console's sections, in the navigation's order; `paths` are the pages that belong to each (prefixes). */
export interface AdminSection {
  to: string;
  label: string;
  paths: readonly string[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: "/admin/dashboard", label: "Dashboard", paths: ["/admin/dashboard"] },
  { to: "/admin/petitions", label: "Petitions", paths: ["/admin/petitions", "/admin/create-petition"] },
  { to: "/admin/petition-signatures", label: "Signatures", paths: ["/admin/petition-signatures"] },
  { to: "/admin/scam-reports", label: "Scam Reports", paths: ["/admin/scam-reports"] },
  { to: "/admin/cases", label: "Cases", paths: ["/admin/cases"] },
  { to: "/admin/scam-alerts", label: "Scam Alerts", paths: ["/admin/scam-alerts"] },
  { to: "/admin/forms", label: "Forms", paths: ["/admin/forms"] },
  { to: "/admin/newsletter", label: "Newsletter", paths: ["/admin/newsletter"] },
  { to: "/admin/records", label: "Other Records", paths: ["/admin/records"] },
  { to: "/admin/analytics", label: "Analytics", paths: ["/admin/analytics"] },
  { to: "/admin/privacy", label: "Deletion Requests", paths: ["/admin/privacy"] },
  { to: "/admin/test-email", label: "Test Email", paths: ["/admin/test-email"] },
  { to: "/admin/health", label: "Health", paths: ["/admin/health"] },
];

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The section a console path belongs to. A petition's own signature list
 * (/admin/petitions/{id}/signatures) is under Signatures, not Petitions.
 */
export function sectionOf(pathname: string): AdminSection | undefined {
  if (/^\/admin\/petitions\/[^/]+\/signatures\/?$/.test(pathname)) return ADMIN_SECTIONS.find((s) => s.to === "/admin/petition-signatures");
  return ADMIN_SECTIONS.find((section) => section.paths.some((prefix) => within(pathname, prefix)));
}
