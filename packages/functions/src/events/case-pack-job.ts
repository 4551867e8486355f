import { CasePack } from "@site/core/case-pack";
import { EventHandler } from "../lib/events";

/** Makes a case pack (Lambda timeout 15 minutes); a repeated delivery finds it claimed and does nothing. */
export const handler = EventHandler(CasePack.Events.Requested, async ({ jobId }) => {
  await CasePack.run(jobId);
});
