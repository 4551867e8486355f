import { Newsletter } from "@site/core/newsletter";
import { loadSecrets } from "../lib/secrets";

/** Scheduled daily: the administrators' digest of newly confirmed newsletter subscribers (spec template 18). */
export const handler = async () => {
  await loadSecrets();
  return Newsletter.sendDigest();
};
