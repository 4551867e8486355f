import { emptyDraft, type ReportDraft } from "@site/core/report/draft";

/** A draft that passes every step (for tests that start further on). */
export function completeDraft(email: string): ReportDraft {
  const draft = emptyDraft();
  return {
    ...draft,
    fullName: "Rosa Delgado",
    email,
    city: "Tampa",
    state: "FL",
    scamTypes: ["other"],
    scamTypeFields: { ...draft.scamTypeFields, other: { description: "A recovery company asked for a fee" } },
    contactMethods: ["in_person"],
    contactMethodFields: { ...draft.contactMethodFields, in_person: { location: "Hotel lobby", eventType: "Seminar" } },
    dateOccurred: "2025-01-15",
  };
}
