import { CONTACT_METHOD_FIELDS, FIELD_LABELS, SCAM_TYPE_FIELDS } from "./catalogue";
import type { Info } from "./info";

/**
 * Where a report-text search looks and what it shows of a hit (text-search.ts). Pure: the unit
 * tests and the job share it.
 */

export interface FieldText {
  /** the field's label, as the details view shows it ("Description", "Scammer Name") */
  field: string;
  text: string;
}

/** Characters of context on each side of a hit. */
const CONTEXT = 60;

const labelled = (field: string, text: unknown): FieldText[] => (typeof text === "string" && text ? [{ field, text }] : []);

/**
 * Every text of a report, the long ones first (the scam types' stories: promised services, tactics,
 * description), then the scammer's details, the reporter's, the contact methods', the agency
 * reported to and the evidence files' names. A report's first matching field is the one shown.
 */
export function reportTexts(report: Info): FieldText[] {
  const fieldsOf = (spec: readonly { name: string; label: string; kind: string }[], values: Record<string, unknown>) =>
    spec.filter((f) => f.kind === "text").flatMap((f) => labelled(f.label, values[f.name]));
  const { reporter, scammer } = report;
  return [
    ...report.scamTypes.flatMap((t) => fieldsOf(SCAM_TYPE_FIELDS[t.type], t)),
    ...labelled(FIELD_LABELS.scammerName, scammer.name),
    ...labelled(FIELD_LABELS.companyName, scammer.company),
    ...labelled(FIELD_LABELS.scammerPhone, scammer.phone),
    ...labelled(FIELD_LABELS.scammerEmail, scammer.email),
    ...labelled(FIELD_LABELS.scammerWebsite, scammer.website),
    ...labelled(FIELD_LABELS.fullName, reporter.fullName),
    ...labelled(FIELD_LABELS.email, reporter.email),
    ...labelled(FIELD_LABELS.city, reporter.city),
    ...labelled(FIELD_LABELS.state, reporter.state),
    ...report.contactMethods.flatMap((m) => fieldsOf(CONTACT_METHOD_FIELDS[m.method], m)),
    ...labelled(FIELD_LABELS.reportedTo, report.reportedTo),
    ...report.evidence.flatMap((e) => labelled(FIELD_LABELS.evidence, e.fileName)),
  ];
}

/**
 * The text as a pattern: case-insensitive (Unicode simple case folding), any run of spaces or line
 * breaks matching any other, everything else literal.
 */
export function textPattern(text: string): RegExp {
  const words = text.trim().split(/\s+/u);
  return new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("\\s+"), "iu");
}

/** Up to CONTEXT characters each side of the hit, on one line, "…" where cut (never inside a surrogate pair). */
export function snippetOf(text: string, index: number, length: number): string {
  let start = Math.max(0, index - CONTEXT);
  let end = Math.min(text.length, index + length + CONTEXT);
  if (start > 0 && /[\udc00-\udfff]/.test(text[start])) start++;
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1])) end--;
  const body = text.slice(start, end).replace(/\s+/g, " ").trim();
  return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
}

/** The report's first field holding the text, with its snippet; undefined when none does. */
export function firstMatch(report: Info, pattern: RegExp): { field: string; snippet: string } | undefined {
  for (const { field, text } of reportTexts(report)) {
    const hit = pattern.exec(text);
    if (hit) return { field, snippet: snippetOf(text, hit.index, hit[0].length) };
  }
  return undefined;
}
