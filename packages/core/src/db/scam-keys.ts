/**
 * The keys of scam intelligence (docs/data-model.md "Scam intelligence"): report identifiers, cases,
 * proposals and published alerts. Part of `Keys` (db/keys.ts), kept apart to keep that file short.
 */
export const ScamKeys = {
  /**
   * One identifier a report names (report/identifiers.ts: a folded company or person name, an E.164
   * phone, a registrable domain, a social profile): one partition per identifier, one item per
   * report, so every report naming it is one query, at any number of reports. Written and deleted
   * with the report.
   */
  scamIdentifier: (type: string, value: string, reportId: string) => ({ pk: `SCAMID#${type}#${value}`, sk: `R#${reportId}` }),
  scamIdentifierPartition: (type: string, value: string) => `SCAMID#${type}#${value}`,
  scamIdentifierReportPrefix: "R#",
  /** A case (packages/core/src/cases): its head item. */
  scamCase: (caseId: string) => ({ pk: `CASE#${caseId}`, sk: "CASE" }),
  scamCasePartition: (caseId: string) => `CASE#${caseId}`,
  /** A report in a case: what the case's and its alert's counts are recounted from. Deleted with the report. */
  scamCaseMember: (caseId: string, reportId: string) => ({ pk: `CASE#${caseId}`, sk: `R#${reportId}` }),
  scamCaseMemberPrefix: "R#",
  /** One entry of a case's timeline (every change, every note), oldest first. */
  scamCaseEvent: (caseId: string, sortableId: string) => ({ pk: `CASE#${caseId}`, sk: `T#${sortableId}` }),
  scamCaseEventPrefix: "T#",
  /** A proposed link (reports sharing an identifier) waiting for an administrator's decision: one partition. */
  scamProposal: (proposalId: string) => ({ pk: "CASEPROPOSALS", sk: proposalId }),
  scamProposalsPartition: "CASEPROPOSALS",
  /** Admin case index (cases/index-item.ts): one compact row per case, rewritten with its head, INDEX_BUCKETS partitions. */
  scamCaseIndexPartition: (bucket: number) => `CASEIDX#${bucket}`,
  scamCaseIndexPart: "CASEIDX",
  /** How many cases there are (cases are never deleted: a merged one is closed), one item changed with each creation. */
  scamCaseCount: { pk: "CASES", sk: "COUNT" },
  /** A published scam alert (packages/core/src/alerts), by its URL slug. */
  scamAlert: (slug: string) => ({ pk: `ALERT#${slug}`, sk: "ALERT" }),
  /** An alert's identifier: what the public lookup queries, one partition per identifier. */
  scamAlertIdentifier: (type: string, value: string, slug: string) => ({ pk: `ALERTID#${type}#${value}`, sk: slug }),
  scamAlertIdentifierPartition: (type: string, value: string) => `ALERTID#${type}#${value}`,
  /** The published alerts, newest first (gsi1, sparse: only while published). */
  scamAlertPublishedList: (publishedAt: string, slug: string) => ({ gsi1pk: "SCAMALERTS", gsi1sk: `${publishedAt}#${slug}` }),
  scamAlertPublishedPartition: "SCAMALERTS",
  /** Every alert, published or not, newest first (gsi2): the administrators' list. */
  scamAlertAllList: (createdAt: string, slug: string) => ({ gsi2pk: "SCAMALERTS", gsi2sk: `${createdAt}#${slug}` }),
  scamAlertAllPartition: "SCAMALERTS",
  /** A case's one alert (its slug): a second publish of the case finds it instead of making another. */
  scamAlertOfCase: (caseId: string) => ({ pk: `ALERTCASE#${caseId}`, sk: "ALERTCASE" }),
  /** The public lookups of a New York day: one counter per alert found (`<day>#found#<slug>`) and one for none found (`<day>#missed`). */
  scamAlertLookupsPartition: "ALERTLOOKUPS",
  scamAlertLookupFound: (day: string, slug: string) => ({ pk: "ALERTLOOKUPS", sk: `${day}#found#${slug}` }),
  scamAlertLookupMissed: (day: string) => ({ pk: "ALERTLOOKUPS", sk: `${day}#missed` }),
  /**
   * A reporter's status link (packages/core/src/report-status), keyed by the SHA-256 of the token the
   * e-mail carries (never the token): the report's id and when the link stops working, for 24 h (TTL).
   * It holds no address (the report it names does), so it needs no person-index keys: once the report
   * is erased the link finds nothing.
   */
  reportStatusToken: (tokenHash: string) => ({ pk: `RSTOKEN#${tokenHash}`, sk: "RSTOKEN" }),
  /** Status links e-mailed for one report in one UTC day: the silent per-report allowance (no address in the key). */
  reportStatusLinkDay: (reportId: string, day: string) => ({ pk: `RSLINKS#${reportId}`, sk: day }),
};
