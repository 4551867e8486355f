/** Pure: what the console's health panel shows of a dead letter (dead-letters/index.ts). */
/** A side effect that failed every retry: an event's delivery to a subscriber (re-drivable), or a batch of the table's stream. */
export interface DeadLetter {
  id: string;
  /** when it was given up (ISO) */
  at: string;
  source: "subscriber" | "stream";
  /** the subscriber or stream consumer that failed (deployed: its function's name) */
  target: string;
  /** the event's type and stable id (a subscriber's dead letter) */
  detailType?: string;
  eventId?: string;
  /** the last error, in short */
  error: string;
  state: "waiting" | "redriven";
  redrivenAt?: string;
  redrivenBy?: string;
}
