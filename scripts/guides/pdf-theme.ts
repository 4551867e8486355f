/** The guides' PDF look lives in core, which the delivery pack (packages/core/src/delivery-pack) shares. */
export * from "@site/core/site/pdf-theme";
