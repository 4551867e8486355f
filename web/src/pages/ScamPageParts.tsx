import { Anchor, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { IconAlert, IconBuilding, IconClock, IconDollar, IconExit, IconHeart, IconHome, IconShield, IconUsers } from "../components/icons";
import { pageClasses } from "../components/page";

/** The icons the scam pages' content modules name (content/timeshare-scam.ts, how-scams-work.ts, scam-awareness.ts). */
export const SCAM_ICONS = {
  alert: <IconAlert />,
  building: <IconBuilding />,
  clock: <IconClock />,
  dollar: <IconDollar />,
  exit: <IconExit />,
  heart: <IconHeart />,
  home: <IconHome />,
  shield: <IconShield />,
  users: <IconUsers />,
} satisfies Record<string, ReactNode>;

export type ScamIconName = keyof typeof SCAM_ICONS;

/** Cards with an icon, a title (an <h3>) and a text, as a list. */
export function IconCardGrid({ cards, md = 3 }: { cards: readonly { icon: ScamIconName; title: string; text: string }[]; md?: number }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
      {cards.map((card) => (
        <Card component="li" key={card.title} withBorder padding="xl" radius="lg" className={pageClasses.card}>
          <Stack gap="sm">
            <div className={pageClasses.iconBubble}>{SCAM_ICONS[card.icon]}</div>
            <Title order={3} fz="lg" c="ink.9">
              {card.title}
            </Title>
            <Text c="ink.7" lh={1.6}>
              {card.text}
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A link to an official site (reportfraud.ftc.gov, ic3.gov), opened in the same tab like any link. */
export function OfficialLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} c="ink.9" fw={700} underline="always">
      {children}
    </Anchor>
  );
}
