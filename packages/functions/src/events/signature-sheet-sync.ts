import { SIGNATURES_TAB, syncSignaturesSoon } from "@site/core/signature/sheet-tab";
import { Signature } from "@site/core/signature";
import { sheetSyncHandler } from "../lib/sheet-sync";

/** Keeps the spreadsheet's "Signatures" tab current: told once per batch of counted signatures (signature/effects.ts). */
export const handler = sheetSyncHandler(Signature.Events.SheetSyncDue, SIGNATURES_TAB, syncSignaturesSoon);
