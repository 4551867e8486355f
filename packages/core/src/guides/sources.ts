/**
 * The public sources the guides cite, defined once: several guides cite the same page, and a
 * moved page is then fixed in one place.
 */
import type { Source } from "./types";

const source = (title: string, publisher: string, url: string): Source => ({ title, publisher, url });

export const FTC_TIMESHARES = source(
  "Timeshares and Vacation Plans",
  "Federal Trade Commission",
  "https://consumer.ftc.gov/articles/timeshares-and-vacation-plans",
);
export const FTC_RECOVERY_SCAMS = source(
  "Refund and Recovery Scams",
  "Federal Trade Commission",
  "https://consumer.ftc.gov/articles/refund-and-recovery-scams",
);
export const FTC_IF_SCAMMED = source(
  "What To Do if You Were Scammed",
  "Federal Trade Commission",
  "https://consumer.ftc.gov/articles/what-do-if-you-were-scammed",
);
export const FTC_REFUNDS = source("FTC Refund Programs", "Federal Trade Commission", "https://www.ftc.gov/enforcement/refunds");
export const FTC_REPORT_FRAUD = source("ReportFraud.ftc.gov", "Federal Trade Commission", "https://reportfraud.ftc.gov");
export const FTC_IDENTITY_THEFT = source("IdentityTheft.gov", "Federal Trade Commission", "https://www.identitytheft.gov");
export const TELEMARKETING_SALES_RULE = source(
  "Telemarketing Sales Rule, 16 CFR Part 310",
  "Electronic Code of Federal Regulations",
  "https://www.ecfr.gov/current/title-16/chapter-I/subchapter-C/part-310",
);
export const IC3 = source("Internet Crime Complaint Center (IC3)", "Federal Bureau of Investigation", "https://www.ic3.gov");
export const CFPB_COMPLAINT = source("Submit a complaint", "Consumer Financial Protection Bureau", "https://www.consumerfinance.gov/complaint/");
export const FIND_MY_AG = source("Find My AG", "National Association of Attorneys General", "https://www.naag.org/find-my-ag/");
export const STATE_CONSUMER_OFFICES = source("State consumer protection offices", "USA.gov", "https://www.usa.gov/state-consumer");

export const COLORADO_STATUTES = source(
  "Colorado Revised Statutes, title 6, §\u00a06-1-703 (time shares and resale time shares)",
  "Colorado General Assembly",
  "https://leg.colorado.gov/colorado-revised-statutes",
);
export const NEVADA_NRS_119A = source(
  "Nevada Revised Statutes, chapter 119A (time shares)",
  "Nevada Legislature",
  "https://www.leg.state.nv.us/NRS/NRS-119A.html",
);
export const NEVADA_NAC_119A = source(
  "Nevada Administrative Code, chapter 119A (time shares)",
  "Nevada Legislature",
  "https://www.leg.state.nv.us/NAC/NAC-119A.html",
);
export const NORTH_CAROLINA_93A_45 = source(
  "N.C. Gen. Stat. §\u00a093A-45, purchaser's right to cancel",
  "North Carolina General Assembly",
  "https://www.ncleg.gov/EnactedLegislation/Statutes/HTML/BySection/Chapter_93A/GS_93A-45.html",
);
export const SOUTH_CAROLINA_27_32 = source(
  "S.C. Code title 27, chapter 32 (vacation time sharing plans)",
  "South Carolina Legislature",
  "https://www.scstatehouse.gov/code/t27c032.php",
);
export const TEXAS_TIMESHARE_ACT = source(
  "Texas Timeshare Act, Property Code chapter 221",
  "Texas Legislature",
  "https://statutes.capitol.texas.gov/Docs/PR/htm/PR.221.htm",
);
export const FLORIDA_721_10 = source(
  "Florida Statutes §\u00a0721.10, cancellation",
  "The Florida Senate",
  "https://www.flsenate.gov/Laws/Statutes/2024/721.10",
);
export const CALIFORNIA_11238 = source(
  "California Business and Professions Code §\u00a011238",
  "California Legislative Information",
  "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=BPC&sectionNum=11238",
);
export const SOUTH_CAROLINA_CONSUMER_AFFAIRS = source("South Carolina Department of Consumer Affairs", "State of South Carolina", "https://consumer.sc.gov");
export const NEVADA_REAL_ESTATE_DIVISION = source("Nevada Real Estate Division", "State of Nevada", "https://red.nv.gov");
export const NORTH_CAROLINA_REAL_ESTATE_COMMISSION = source("North Carolina Real Estate Commission", "State of North Carolina", "https://www.ncrec.gov");
