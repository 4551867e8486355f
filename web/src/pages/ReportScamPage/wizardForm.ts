import type { ContactMethod, ScamType } from "@site/core/report/catalogue";
import type { ReportDraft } from "@site/core/report/draft";

/**
 * What the wizard hands each step: the draft, a way to change it, and the props of each field's
 * control. A field is named by its path in the step's errors (draft.ts `stepErrors`), e.g.
 * "scamTypes.upfront_fees.amount", so each message lands under its own control.
 */

export type ChangeDraft = (update: (draft: ReportDraft) => ReportDraft) => void;

/** Spread into a Mantine input: its id, its message once shown, and marking it touched on leaving. */
export interface FieldProps {
  id: string;
  error: string | undefined;
  onBlur: () => void;
  disabled: boolean;
}

export interface StepProps {
  draft: ReportDraft;
  change: ChangeDraft;
  field: (path: string) => FieldProps;
  /** Marks a field touched (shows its message) without leaving it: choices, dates, files. */
  touch: (path: string) => void;
  disabled: boolean;
  /** An upload point reports while its file is uploading: the step cannot be left meanwhile. */
  onUploadBusy: (path: string, busy: boolean) => void;
}

/** The element id of a field's control; also where "Show what is missing" moves focus. */
export const fieldId = (path: string) => `report-${path.replace(/[^A-Za-z0-9_-]+/g, "-")}`;

/** Focuses a field's control, or the first control inside it (a group of choices). */
export function focusField(path: string) {
  const element = document.getElementById(fieldId(path));
  if (!element) return;
  const control = element.matches("input, textarea, button, select, [tabindex]") ? element : element.querySelector<HTMLElement>("input, textarea, button");
  control?.focus();
}

/** Inputs in which Enter does not submit the form (HTML's implicit submission skips them). */
const NO_IMPLICIT_SUBMISSION = new Set(["checkbox", "radio", "file", "button", "submit", "reset", "image", "hidden", "range", "color"]);

/**
 * Whether Enter in `target` submits its form as a browser does: in a one-line text field, not in a
 * text area, a choice, a button or a picker that opens on Enter (a Select's read-only input).
 */
export function submitsOnEnter(target: EventTarget): boolean {
  return target instanceof HTMLInputElement && !NO_IMPLICIT_SUBMISSION.has(target.type) && !target.readOnly && !target.hasAttribute("aria-haspopup");
}

type ScamTypeFields = ReportDraft["scamTypeFields"];
type ContactMethodFields = ReportDraft["contactMethodFields"];

export const withScamField =
  <T extends ScamType, K extends keyof ScamTypeFields[T]>(type: T, name: K, value: ScamTypeFields[T][K]) =>
  (draft: ReportDraft): ReportDraft => ({
    ...draft,
    scamTypeFields: { ...draft.scamTypeFields, [type]: { ...draft.scamTypeFields[type], [name]: value } },
  });

export const withContactField =
  <M extends ContactMethod, K extends keyof ContactMethodFields[M]>(method: M, name: K, value: ContactMethodFields[M][K]) =>
  (draft: ReportDraft): ReportDraft => ({
    ...draft,
    contactMethodFields: { ...draft.contactMethodFields, [method]: { ...draft.contactMethodFields[method], [name]: value } },
  });

export const withScammer =
  <K extends keyof ReportDraft["scammer"]>(name: K, value: ReportDraft["scammer"][K]) =>
  (draft: ReportDraft): ReportDraft => ({ ...draft, scammer: { ...draft.scammer, [name]: value } });

export const withValue =
  <K extends keyof ReportDraft>(name: K, value: ReportDraft[K]) =>
  (draft: ReportDraft): ReportDraft => ({ ...draft, [name]: value });
