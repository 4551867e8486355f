import { JOB_POLL_MS, isFinished, type JobInfo } from "../lib/jobs";
import { apiPath } from "./paths";
import { useAdminData } from "./useAdminData";

/** A background job, polled until it is done or failed (null: none to follow). */
export const useJob = (jobId: string | null | undefined, fallbackMessage: string) =>
  useAdminData<JobInfo>(jobId ? apiPath("getJob", { id: jobId }) : null, fallbackMessage, {
    refreshInterval: (current) => (isFinished(current) ? 0 : JOB_POLL_MS),
    dedupingInterval: 0,
  });
