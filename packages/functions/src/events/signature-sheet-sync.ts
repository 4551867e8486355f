import { SIGNATURES_TAB, syncSignaturesSoon } from "@site/core/sheets/signatures";
import { Signature } from "@site/core/signature";
import { sheetSyncHandler } from "../lib/sheet-sync";

/** Keeps the spreadsheet's "Signatures" tab current. */
export const handler = sheetSyncHandler(Signature.Events.Created, SIGNATURES_TAB, syncSignaturesSoon);
