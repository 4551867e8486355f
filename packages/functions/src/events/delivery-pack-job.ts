import { DeliveryPack } from "@site/core/delivery-pack";
import { EventHandler } from "../lib/events";

/** Makes a petition's delivery pack (Lambda timeout 15 minutes); a repeated delivery finds it claimed and does nothing. */
export const handler = EventHandler(DeliveryPack.Events.Requested, async ({ jobId }) => {
  await DeliveryPack.run(jobId);
});
