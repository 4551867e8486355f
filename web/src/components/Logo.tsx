import { Group, Text } from "@mantine/core";
import { SITE_NAME } from "../site";

export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path fill="#01BD9B" d="M32 4 8 13v17c0 15 10.3 26.6 24 30 13.7-3.4 24-15 24-30V13L32 4Z" />
      <path fill="#fff" d="M22 30h20v4H22zM22 22h20v4H22zM22 38h13v4H22z" />
      <circle cx="44" cy="44" r="9" fill="#E0AC3F" />
      <path fill="#fff" d="m40.2 44 2.6 2.6 5-5.2-1.5-1.4-3.5 3.7-1.1-1.1z" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark />
      <Text fw={800} fz={{ base: "md", sm: "lg" }} lh={1.1} c={inverted ? "white" : "ink.9"}>
        {SITE_NAME}
      </Text>
    </Group>
  );
}
