import { signaturesTab } from "@site/core/signature/sheet";
import { Signature } from "@site/core/signature";
import { sheetSyncHandler } from "../lib/sheet-sync";

/** Keeps the spreadsheet's "Signatures" tab current: told once per batch of counted signatures (signature/effects.ts). */
export const handler = sheetSyncHandler(Signature.Events.SheetSyncDue, signaturesTab.tab, signaturesTab.soon);
