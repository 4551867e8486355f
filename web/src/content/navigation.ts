import type { PlannedPath, PublicPath } from "../publicRoutes";

/** The words of the header and footer. A link whose page is not built yet is left out by itself. */

export interface NavLinkItem {
  to: PublicPath | PlannedPath;
  label: string;
}

export interface NavGroup {
  /** The menu's button (header) and column heading (footer). */
  label: string;
  links: NavLinkItem[];
}

/** Links shown directly in the header. */
export const HEADER_LINKS: NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/petition", label: "Sign Petition" },
  { to: "/consumer-rights", label: "Your Rights" },
];

/** Header menus (a disclosure each); on a phone, sections of the menu panel. */
export const HEADER_MENUS: NavGroup[] = [
  {
    label: "Scams",
    links: [
      { to: "/how-timeshare-scams-work", label: "How Timeshare Scams Work" },
      { to: "/timeshare-scam-awareness", label: "Timeshare Scam Awareness" },
      { to: "/timeshare-scam", label: "Report a Timeshare Scam" },
      { to: "/report-scam", label: "Report Form" },
    ],
  },
  {
    label: "Free Guides",
    links: [
      { to: "/timeshare-scam-checklist", label: "Timeshare Scam Checklist" },
      { to: "/where-scams-thrive", label: "Where Timeshare Scams Thrive" },
      { to: "/before-you-sign", label: "Before You Sign a Contract" },
      { to: "/spotting-exit-scams", label: "Spotting Exit Scams" },
    ],
  },
];

export const DONATE_LINK: NavLinkItem = { to: "/donate", label: "Donate" };

export const FOOTER_ABOUT = "A nonprofit standing with timeshare owners and their families against unfair contracts, inherited debt and exit scams.";

export const FOOTER_COLUMNS: NavGroup[] = [
  {
    label: "Take action",
    links: [
      { to: "/petition", label: "Sign the Petition" },
      { to: "/timeshare-scam", label: "Report a Scam" },
      { to: "/donate", label: "Donate" },
    ],
  },
  {
    label: "Learn",
    links: [
      { to: "/consumer-rights", label: "Your Rights" },
      { to: "/how-timeshare-scams-work", label: "How Timeshare Scams Work" },
      { to: "/timeshare-scam-awareness", label: "Timeshare Scam Awareness" },
      { to: "/timeshare-scam-checklist", label: "Free Checklist" },
      { to: "/where-scams-thrive", label: "Where Scams Thrive" },
      { to: "/before-you-sign", label: "Before You Sign" },
      { to: "/spotting-exit-scams", label: "Spotting Exit Scams" },
    ],
  },
  {
    label: "Your data",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/data-deletion-request", label: "Data Deletion Request" },
      { to: "/donate", label: "Become a Sponsor" },
    ],
  },
];
