import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { fetcher } from "./lib/api";
import { cssVariables, theme } from "./theme";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} forceColorScheme="light">
      <SWRConfig value={{ fetcher, revalidateOnFocus: true }}>{children}</SWRConfig>
    </MantineProvider>
  );
}
