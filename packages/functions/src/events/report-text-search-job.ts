import { ReportTextSearch } from "@site/core/report/text-search";
import { EventHandler } from "../lib/events";

/** Runs an administrator's search of every report's text (Lambda timeout 15 minutes); a repeated delivery finds it claimed and does nothing. */
export const handler = EventHandler(ReportTextSearch.Events.Requested, async ({ jobId }) => {
  await ReportTextSearch.run(jobId);
});
