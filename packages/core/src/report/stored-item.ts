import { personIndex } from "../db/person-index";
import { Keys } from "../db/keys";
import { normaliseEmail } from "../util/email";
import { identifierKeysAttribute } from "./identifier-items";
import type { Info } from "./info";

/**
 * How a report is kept in the table. The attributes something looks up, conditions on or updates
 * stay attributes (keys, id, reference, status, creation time, the normalised e-mail the privacy
 * lookups use); everything else (reporter, scam types, contact methods, evidence, metadata) is one
 * JSON attribute, `body`, since nothing ever queries inside it. Reading a report then costs
 * DynamoDB, the SDK and the export a few attributes instead of a tree of nested maps (the full
 * export reads every report: docs/benchmarks.md, "Scam reports").
 */
type Body = Omit<Info, "id" | "reference" | "status" | "createdAt" | "caseId">;

export { normaliseEmail };

/**
 * The stored item of a report (main table, listed newest first on gsi1). Beside the body: the
 * identifiers its index items were written for (identifier-items.ts) and, once an administrator put
 * it in one, its case (which the cases room sets and clears in place).
 */
export function reportItem(report: Info) {
  const { id, reference, status, createdAt, caseId, ...body } = report;
  return {
    ...Keys.report(id),
    ...Keys.reportList(createdAt, id),
    ...personIndex(report.reporter.email, "report", Keys.report(id)),
    type: "report",
    id,
    reference,
    status,
    createdAt,
    emailNormalized: normaliseEmail(report.reporter.email),
    body: JSON.stringify(body satisfies Body),
    ...identifierKeysAttribute(report),
    ...(caseId ? { caseId } : {}),
  };
}

/** The report of a stored item (any projection that includes id, reference, status, createdAt and body). */
export function reportOfItem(item: Record<string, unknown>): Info {
  if (typeof item.body !== "string") return legacyReport(item);
  const body = JSON.parse(item.body as string) as Body;
  const caseId = typeof item.caseId === "string" && item.caseId ? { caseId: item.caseId } : {};
  return {
    id: item.id as string,
    reference: item.reference as string,
    status: item.status as Info["status"],
    ...body,
    createdAt: item.createdAt as string,
    ...caseId,
  };
}

/** A report stored before `body` existed (a local stack's old data): every field an attribute. */
function legacyReport(item: Record<string, unknown>): Info {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    gsi3pk: _gsi3pk,
    gsi3sk: _gsi3sk,
    type: _type,
    emailNormalized: _email,
    identifierKeys: _ids,
    ...info
  } = item;
  return info as unknown as Info;
}
