import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";

/** A link to an official site (reportfraud.ftc.gov, ic3.gov), opened in the same tab like any link. */
export function OfficialLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} c="ink.9" fw={700} underline="always">
      {children}
    </Anchor>
  );
}
