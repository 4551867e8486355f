/** Pure: a tab's last sync as sheets/last-sync.ts records it and the health panel shows it. */
export interface SheetSync {
  tab: string;
  /** when the last sync of the tab finished or failed (ISO) */
  at: string;
  status: "succeeded" | "failed";
  rows?: number;
  error?: string;
}
