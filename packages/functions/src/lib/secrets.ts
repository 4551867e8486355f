/** Deployed, loads the SST secrets bound to this function into the environment (packages/core/src/secrets). */
export { load as loadSecrets } from "@site/core/secrets";
