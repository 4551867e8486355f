/**
 * The attribute the signing transaction marks its signature item with: the item's stream record is
 * then the event its side effects follow from (signature/effects.ts). An imported or migrated item
 * has none, and causes nothing. Pure.
 */
export const ORIGIN_ATTRIBUTE = "origin";
export const ORIGIN_SIGNING = "signing";
