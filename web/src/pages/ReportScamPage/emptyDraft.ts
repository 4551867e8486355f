import type { ReportDraft } from "@site/core/report/draft";
import { DEFAULT_COUNTRY_CODE } from "@site/core/report/catalogue";

/**
 * The wizard's starting draft, written out: what `emptyDraft()` of @site/core/report/draft returns
 * (its schema's defaults, web/test/pages/report-scam.test.ts compares the two), without loading zod
 * and the schemas with the page (they load when the reporter starts, rules.ts).
 */
export const emptyWizardDraft = (): ReportDraft => ({
  fullName: "",
  email: "",
  city: "",
  state: "",
  ageRange: "",
  speakWithTeam: false,
  shareAnonymously: false,
  scamTypes: [],
  scamTypeFields: {
    fake_resale: { claimedSaleAmount: "" },
    upfront_fees: { amount: "", promisedServices: "" },
    high_pressure: { tactics: "", limitedTimeOrThreat: false },
    refund_exit: { promisedRefund: "", contactedAfterOtherCompany: false },
    other: { description: "" },
  },
  contactMethods: [],
  contactMethodFields: {
    phone: { countryCode: DEFAULT_COUNTRY_CODE, phoneNumber: "" },
    email: { emailAddress: "" },
    social_media: { platform: "", profile: "" },
    in_person: { location: "", eventType: "" },
  },
  moneyLost: false,
  amountLost: "",
  dateOccurred: "",
  scammer: { name: "", company: "", phone: "", email: "", website: "" },
  reportedElsewhere: false,
  reportedTo: "",
  wantUpdates: false,
  publishConsent: false,
});
