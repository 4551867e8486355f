import type { ReactNode } from "react";

/**
 * The unit project's react-remove-scroll (vitest.config.ts aliases it here). Mantine's Modal and
 * Drawer lock scrolling with it, but it is hoisted to the root beside an older React, so its
 * elements would be that React's and fail to render under web's. jsdom has no scrolling to lock.
 */
export const RemoveScroll = Object.assign(({ children }: { children?: ReactNode }) => children, {
  classNames: { fullWidth: "width-before-scroll-bar", zeroRight: "right-scroll-bar-position" },
});
