import { getMany } from "../db/batch";
import { Keys } from "../db/keys";
import { rowsOf } from "../exports/exportable";
import { csvFormat } from "../exports/formats";
import { PetitionNotFound } from "../petition";
import { removedNow, type PersonalRecordKind } from "../policy/personal-record";
import { idTime } from "../util/id";
import { SIGNATURE_COLUMNS, SIGNATURE_LIST, signatureCells } from "./record";
import { signaturesTab } from "./sheet";
import { SignatureNotFound } from "./index";
import { SignatureDeletion } from "./deletion";
import { signatures } from "./listing";
import { retentionStep } from "./retention";

/** Signatures as a kind of personal record (policy/personal-record.ts; listed in privacy/kinds.ts). */
export const signatureKind: PersonalRecordKind = {
  kind: SIGNATURE_LIST.name,
  label: SIGNATURE_LIST.label.one,
  counted: SIGNATURE_LIST.name,
  erasure: "with the person",
  madeAt: (key) => idTime(Keys.signatureOf(key)?.signatureId),
  async remove(key) {
    const ids = Keys.signatureOf(key);
    if (!ids) return undefined;
    const removed = await removedNow(() => SignatureDeletion.remove(ids.petitionId, ids.signatureId), SignatureNotFound, PetitionNotFound);
    return removed ? { tabs: [signaturesTab.entry.id] } : undefined;
  },
  async describe(items) {
    const petitionIds = [...new Set(items.map((item) => String(item.petitionId)))];
    const petitions = await getMany(petitionIds.map(Keys.petition), { projection: "#id, #title", names: { "#id": "id", "#title": "title" } });
    const titles = new Map(petitions.map((p) => [String(p.id), String(p.title)]));
    return items.map((item) => `Signature on the petition "${titles.get(String(item.petitionId)) ?? String(item.petitionId)}"`);
  },
  retention: { rule: "anonymised", after: "SIGNATURE_RETENTION_YEARS after signing", run: retentionStep },
  collection: signatures,
  sheetTabs: [signaturesTab.entry],
};

/** The signatures' CSV export (the export job's `signatures`). */
export const signatureExports = { signatures: rowsOf(signatures, "signatures.exported", csvFormat(SIGNATURE_COLUMNS, signatureCells)) };
