/** The private bucket's client lives on the floor (bucket/client.ts), shared with exports and privacy; evidence keeps this name for its importers. */
export { bucket, resetS3, s3 } from "../bucket/client";
