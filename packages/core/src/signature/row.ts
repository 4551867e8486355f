import { metaColumnsOf, type MetaColumns } from "../request/meta-columns";
import type { Info } from "./info";

/**
 * A signature as admin lists, exports and spreadsheet syncs see it: everything but the user agent
 * and coordinates, flat. The admin index (signature/listing.ts) keeps one compact item per
 * signature in this shape so lists, searches, sorts and exports never read full signature items.
 */
export interface SignatureRow extends MetaColumns {
  id: string;
  petitionId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName: string;
  /** MM/DD/YYYY, New York */
  createdDate: string;
  /** HH:mm:ss, New York */
  createdTime: string;
  /** ISO UTC */
  createdAt: string;
  /** "pending", "verified" or "unverified"; "" on rows written before statuses existed (counted: shown as unverified, `statusOf`) */
  status: string;
}

/** A row's status as lists, exports and sheets show it: rows without one were counted, never verified. */
export const statusOf = (row: Pick<SignatureRow, "status">) => row.status || "unverified";

export function toRow(s: Info): SignatureRow {
  return {
    id: s.id,
    petitionId: s.petitionId,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    timeshareName: s.timeshareName ?? "",
    createdDate: s.createdDate,
    createdTime: s.createdTime,
    createdAt: s.createdAt,
    ...metaColumnsOf(s.meta),
    status: s.status ?? "",
  };
}
