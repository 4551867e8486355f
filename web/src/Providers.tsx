import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { fetcher } from "./lib/api";
import { theme } from "./theme";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      <SWRConfig value={{ fetcher, revalidateOnFocus: true }}>{children}</SWRConfig>
    </MantineProvider>
  );
}
