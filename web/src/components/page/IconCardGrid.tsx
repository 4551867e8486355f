import { Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { NAMED_ICONS, type IconName } from "../icons";
import classes from "./Page.module.css";

/** Cards with an icon, a title (an <h3>) and a text, as a list: `md` cards a row on wide screens. */
export function IconCardGrid({ cards, md = 3 }: { cards: readonly { icon: IconName; title: string; text: string }[]; md?: number }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
      {cards.map((card) => (
        <Card component="li" key={card.title} withBorder padding="xl" radius="lg" className={classes.card}>
          <Stack gap="sm">
            <div className={classes.iconBubble}>{NAMED_ICONS[card.icon]}</div>
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
