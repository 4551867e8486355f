import "./kinds";

/**
 * The export job with every kind's exports registered: the registry of kinds (kinds.ts) registers
 * them when it loads, and deployed each function is its own bundle, so a handler that starts, runs
 * or downloads an export imports it from here, never from exports/ alone.
 */
export { ExportJob } from "../exports";
