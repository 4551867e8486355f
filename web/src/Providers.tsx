import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { cssVariables, theme } from "./theme";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
