import type { LeadForm } from "./forms";
import type { Info } from "./info";

/**
 * A free-guide submission as the admin lists, exports and spreadsheet tabs see it: every field of
 * the spec's CSV (LEAD_CSV_COLUMNS) and of the details dialog but the user agent and coordinates,
 * flat. The admin index (lead/index-item.ts) keeps one compact item per submission in this shape,
 * so lists, searches and exports never read full items. Pure: the admin console imports the type.
 */
export interface LeadRow {
  id: string;
  form: LeadForm;
  fullName: string;
  email: string;
  newsletterConsent: boolean;
  /** MM/DD/YYYY, New York */
  createdDate: string;
  /** HH:mm:ss (24-hour), New York */
  createdTime: string;
  /** ISO UTC */
  createdAt: string;
  browser: string;
  deviceType: string;
  screenResolution: string;
  language: string;
  timezone: string;
  city: string;
  region: string;
  country: string;
  ipAddress: string;
}

export function toRow(lead: Info): LeadRow {
  return {
    id: lead.id,
    form: lead.form,
    fullName: lead.fullName,
    email: lead.email,
    newsletterConsent: lead.newsletterConsent,
    createdDate: lead.createdDate,
    createdTime: lead.createdTime,
    createdAt: lead.createdAt,
    browser: lead.meta.browser,
    deviceType: lead.meta.deviceType,
    screenResolution: lead.meta.screenResolution,
    language: lead.meta.language,
    timezone: lead.meta.timezone,
    city: lead.meta.city,
    region: lead.meta.region,
    country: lead.meta.country,
    ipAddress: lead.meta.ipAddress,
  };
}
