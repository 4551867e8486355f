/**
 * Every event subscriber. The Events stack makes one EventBridge rule per entry; the local
 * in-process bus calls the same handler modules. Each handler receives an EventBridge event
 * envelope ({ id, "detail-type", source, detail, time }).
 */
export interface Subscriber {
  /** Unique, kebab-case; used for rule names and idempotency keys. */
  name: string;
  detailType: string;
  handler: string;
  /** Lambda timeout in seconds when the default (10) is too short. */
  timeout?: number;
}

const fn = (file: string) => `packages/functions/src/events/${file}.handler`;

export { EVENT_SOURCE } from "../../core/src/bus/source";

export const subscribers: Subscriber[] = [
  { name: "signature-notify-admin", detailType: "signature.created", handler: fn("signature-notify-admin") },
  { name: "signature-share-email", detailType: "signature.created", handler: fn("signature-share-email") },
  { name: "signature-newsletter", detailType: "signature.created", handler: fn("signature-newsletter") },
  { name: "signature-sheet-sync", detailType: "signature.created", handler: fn("signature-sheet-sync"), timeout: 900 },
];
