/**
 * Every admin route the console calls: name → method and path template, as the server's route
 * table (packages/functions/src/routes.ts) spells them. web/test/admin-api-paths.test.ts holds one
 * to the other.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRoute {
  method: Method;
  /** `{name}` marks a parameter */
  path: string;
}

/** Every admin path starts so (the admin SWR keys too). */
export const ADMIN_API_PREFIX = "/api/admin";

export const API_ROUTES = {
  listPetitions: { method: "GET", path: "/api/admin/petitions" },
  createPetition: { method: "POST", path: "/api/admin/petitions" },
  updatePetition: { method: "PATCH", path: "/api/admin/petitions/{id}" },
  deletePetition: { method: "DELETE", path: "/api/admin/petitions/{id}" },
  startDeliveryPack: { method: "POST", path: "/api/admin/petitions/{id}/delivery-pack" },
  listPetitionUpdates: { method: "GET", path: "/api/admin/petitions/{id}/updates" },
  sendPetitionOutcome: { method: "POST", path: "/api/admin/petitions/{id}/updates/outcome" },
  resumePetitionUpdate: { method: "POST", path: "/api/admin/petitions/{id}/updates/{updateId}/resume" },

  listSignatures: { method: "GET", path: "/api/admin/signatures" },
  exportSignatures: { method: "GET", path: "/api/admin/signatures/export" },
  deleteAllSignatures: { method: "POST", path: "/api/admin/signatures/delete-all" },
  getSignature: { method: "GET", path: "/api/admin/petitions/{id}/signatures/{signatureId}" },
  deleteSignature: { method: "DELETE", path: "/api/admin/petitions/{id}/signatures/{signatureId}" },
  syncSignatures: { method: "POST", path: "/api/admin/sheets/signatures" },

  listReports: { method: "GET", path: "/api/admin/reports" },
  exportReports: { method: "GET", path: "/api/admin/reports/export" },
  deleteAllReports: { method: "POST", path: "/api/admin/reports/delete-all" },
  searchReportText: { method: "POST", path: "/api/admin/reports/text-searches" },
  getReport: { method: "GET", path: "/api/admin/reports/{id}" },
  downloadEvidence: { method: "GET", path: "/api/admin/reports/{id}/evidence/{purpose}" },
  updateReport: { method: "PATCH", path: "/api/admin/reports/{id}" },
  deleteReport: { method: "DELETE", path: "/api/admin/reports/{id}" },
  syncReports: { method: "POST", path: "/api/admin/sheets/reports" },

  listCases: { method: "GET", path: "/api/admin/cases" },
  getCase: { method: "GET", path: "/api/admin/cases/{id}" },
  updateCase: { method: "PATCH", path: "/api/admin/cases/{id}" },
  addCaseNote: { method: "POST", path: "/api/admin/cases/{id}/notes" },
  mergeCase: { method: "POST", path: "/api/admin/cases/{id}/merge" },
  splitCase: { method: "POST", path: "/api/admin/cases/{id}/split" },
  publishCaseAlert: { method: "POST", path: "/api/admin/cases/{id}/alert" },
  startCasePack: { method: "POST", path: "/api/admin/cases/{id}/pack" },
  listCaseProposals: { method: "GET", path: "/api/admin/case-proposals" },
  confirmCaseProposal: { method: "POST", path: "/api/admin/case-proposals/{id}/confirm" },
  dismissCaseProposal: { method: "POST", path: "/api/admin/case-proposals/{id}/dismiss" },
  listScamAlerts: { method: "GET", path: "/api/admin/scam-alerts" },
  // the kinds made by defineKind and registered (packages/core/src/kinds): how to show each, its list, one deleted
  listRecordKinds: { method: "GET", path: "/api/admin/records" },
  listRecords: { method: "GET", path: "/api/admin/records/{kind}" },
  deleteRecord: { method: "DELETE", path: "/api/admin/records/{kind}/{id}" },
  getScamAlert: { method: "GET", path: "/api/admin/scam-alerts/{slug}" },
  updateScamAlert: { method: "PATCH", path: "/api/admin/scam-alerts/{slug}" },
  // the public lookups of the scam alerts by day, and the alerts most looked up (the dashboard)
  scamAlertLookups: { method: "GET", path: "/api/admin/scam-alert-lookups" },

  leadSummary: { method: "GET", path: "/api/admin/leads" },
  listLeads: { method: "GET", path: "/api/admin/leads/{form}" },
  exportLeads: { method: "GET", path: "/api/admin/leads/{form}/export" },
  deleteAllLeads: { method: "POST", path: "/api/admin/leads/{form}/delete-all" },
  getLead: { method: "GET", path: "/api/admin/leads/{form}/{id}" },
  deleteLead: { method: "DELETE", path: "/api/admin/leads/{form}/{id}" },
  syncLeads: { method: "POST", path: "/api/admin/sheets/leads/{form}" },

  subscriberCounts: { method: "GET", path: "/api/admin/newsletter/summary" },
  listSubscribers: { method: "GET", path: "/api/admin/newsletter/subscribers" },
  exportSubscribers: { method: "GET", path: "/api/admin/newsletter/subscribers/export" },
  // one subscriber is named by `{email}` in the body: paths are kept in the API's access log
  unsubscribeSubscriber: { method: "POST", path: "/api/admin/newsletter/subscribers/unsubscribe" },
  deleteSubscriber: { method: "POST", path: "/api/admin/newsletter/subscribers/delete" },

  listSuppressions: { method: "GET", path: "/api/admin/mail/suppressions" },
  // one entry is named by its person hash in the body, for the same reason
  liftSuppression: { method: "POST", path: "/api/admin/mail/suppressions/lift" },
  getMailBreaker: { method: "GET", path: "/api/admin/mail/breaker" },
  resumeMailBreaker: { method: "POST", path: "/api/admin/mail/breaker/resume" },
  listHeldMail: { method: "GET", path: "/api/admin/mail/held" },
  releaseHeldMail: { method: "POST", path: "/api/admin/mail/held/release" },
  discardHeldMail: { method: "POST", path: "/api/admin/mail/held/discard" },

  listIssues: { method: "GET", path: "/api/admin/newsletter/issues" },
  createIssue: { method: "POST", path: "/api/admin/newsletter/issues" },
  issueAudience: { method: "GET", path: "/api/admin/newsletter/issues/audience" },
  previewIssue: { method: "POST", path: "/api/admin/newsletter/issues/preview" },
  testIssue: { method: "POST", path: "/api/admin/newsletter/issues/test" },
  getIssue: { method: "GET", path: "/api/admin/newsletter/issues/{id}" },
  updateIssue: { method: "PUT", path: "/api/admin/newsletter/issues/{id}" },
  deleteIssue: { method: "DELETE", path: "/api/admin/newsletter/issues/{id}" },
  sendIssue: { method: "POST", path: "/api/admin/newsletter/issues/{id}/send" },
  resumeIssue: { method: "POST", path: "/api/admin/newsletter/issues/{id}/resume" },

  privacyRequestCounts: { method: "GET", path: "/api/admin/privacy/summary" },
  listPrivacyRequests: { method: "GET", path: "/api/admin/privacy/requests" },

  analyticsReport: { method: "GET", path: "/api/admin/analytics" },
  recentVisits: { method: "GET", path: "/api/admin/analytics/recent" },

  getJob: { method: "GET", path: "/api/admin/jobs/{id}" },
  startExport: { method: "POST", path: "/api/admin/exports" },
  downloadExport: { method: "GET", path: "/api/admin/jobs/{id}/download" },
  sendTestEmail: { method: "POST", path: "/api/admin/test-email" },
  listAudit: { method: "GET", path: "/api/admin/audit" },

  // the health panel: dead letters, the mail queue and budget, the sheets' last syncs
  healthReport: { method: "GET", path: "/api/admin/health" },
  redriveDeadLetter: { method: "POST", path: "/api/admin/health/dead-letters/{id}/redrive" },
} as const satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof API_ROUTES;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The values of a route's `{name}` parameters. */
export type RouteParams<N extends RouteName> = Record<ParamNames<(typeof API_ROUTES)[N]["path"]>, string>;
type ParamsArgument<N extends RouteName> = [ParamNames<(typeof API_ROUTES)[N]["path"]>] extends [never] ? [] : [params: RouteParams<N>];

/** A route's path with its parameters filled in, each percent-encoded: `apiPath("getReport", { id })`. */
export function apiPath<N extends RouteName>(name: N, ...[params]: ParamsArgument<N>): string {
  const values = (params ?? {}) as Record<string, string>;
  return API_ROUTES[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name} needs {${key}}`);
    return encodeURIComponent(value);
  });
}

/** A route's method, for `adminRequest`'s `method`. */
export const apiMethod = (name: RouteName): Method => API_ROUTES[name].method;

/** A route with its parameters filled in: what `adminCall` sends and SWR keys are made of. */
export interface BoundRoute {
  method: Method;
  path: string;
}

export function route<N extends RouteName>(name: N, ...params: ParamsArgument<N>): BoundRoute {
  return { method: API_ROUTES[name].method, path: apiPath(name, ...params) };
}
