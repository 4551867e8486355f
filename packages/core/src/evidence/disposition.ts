/** Moved to the floor (bucket/disposition.ts), shared by every download link; evidence keeps this name for its importers. */
export { attachmentDisposition } from "../bucket/disposition";
