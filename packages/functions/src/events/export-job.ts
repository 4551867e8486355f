import { ExportJob } from "@site/core/privacy/exports";
import { EventHandler } from "../lib/events";

/** Runs an administrator's export job (Lambda timeout 15 minutes); a repeated delivery finds it claimed and does nothing. */
export const handler = EventHandler(ExportJob.Events.Requested, async ({ jobId }) => {
  await ExportJob.run(jobId);
});
