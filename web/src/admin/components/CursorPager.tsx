import { Button, Group } from "@mantine/core";
import { useState } from "react";

/**
 * Paging through a list the server hands out a page at a time with a cursor (`next` of each page):
 * the cursors of the pages shown so far, the last being the current page's (undefined: the first).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors.at(-1),
    isFirst: cursors.length === 1,
    newer: () => setCursors((c) => c.slice(0, -1)),
    older: (next: string) => setCursors((c) => [...c, next]),
    reset: () => setCursors([undefined]),
  };
}

/** "Newer" and "Older" under a cursor-paged table. */
export function CursorPager({ pages, next }: { pages: ReturnType<typeof useCursorPages>; next?: string }) {
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" disabled={pages.isFirst} onClick={pages.newer}>
        Newer
      </Button>
      <Button variant="default" size="xs" disabled={!next} onClick={() => next && pages.older(next)}>
        Older
      </Button>
    </Group>
  );
}
