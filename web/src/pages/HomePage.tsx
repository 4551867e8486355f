import { Anchor, Box, Card, Grid, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { InitialsAvatar } from "../components/InitialsAvatar";
import { IconAlert, IconCheck, IconFile, IconHeart, IconMegaphone, IconQuote, IconShare, IconShield, IconUsers } from "../components/icons";
import pageClasses from "../components/page/Page.module.css";
import { CtaBand } from "../components/page/CtaBand";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { CLOSING, FACT_SHEETS, HERO, PETITION, REPORT, RIGHTS, STORIES, TESTIMONIALS, WAYS_TO_HELP, WHO_WE_ARE, WHY } from "../content/home";
import { ALERTS_LINK } from "../content/scam-alerts-link";
import { isPublicPage } from "../publicRoutes";
import classes from "./HomePage.module.css";

/** The home page "/" (spec "Home page"); every word is in content/home.ts. */
export function HomePage() {
  return (
    <>
      <Hero />
      <WhoWeAre />
      <Stories />
      <Petition />
      <Rights />
      <Report />
      <FactSheets />
      <Why />
      <WaysToHelp />
      <Closing />
    </>
  );
}

/** Text only (no picture), so the largest element paints with the HTML. */
function Hero() {
  return (
    <PageHero
      eyebrow={HERO.eyebrow}
      title={HERO.title}
      lead={
        <Stack gap="md">
          <span>{HERO.lead}</span>
          <Text component="span" c="ink.1" fz="md">
            {HERO.note}
          </Text>
        </Stack>
      }
      actions={
        <>
          <LinkButton to={HERO.petition.to} size="lg">
            {HERO.petition.label}
          </LinkButton>
          <LinkButton to={HERO.rights.to} size="lg" variant="default">
            {HERO.rights.label}
          </LinkButton>
        </>
      }
    />
  );
}

const PILLAR_ICONS: Record<(typeof WHO_WE_ARE.pillars)[number]["icon"], ReactNode> = {
  shield: <IconShield />,
  heart: <IconHeart />,
  users: <IconUsers />,
};

function WhoWeAre() {
  return (
    <Section kicker={WHO_WE_ARE.kicker} title={WHO_WE_ARE.title} intro={WHO_WE_ARE.intro}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {WHO_WE_ARE.pillars.map((pillar) => (
          <Card key={pillar.title} withBorder padding="xl" radius="lg" className={pageClasses.card}>
            <Stack gap="sm">
              <div className={pageClasses.iconBubble}>{PILLAR_ICONS[pillar.icon]}</div>
              <Title order={3} fz="lg" c="ink.9">
                {pillar.title}
              </Title>
              <Text c="ink.7" lh={1.6}>
                {pillar.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** Nine owners' stories in a horizontal strip with scroll snapping: no script, no autoplay. */
function Stories() {
  return (
    <Section alt kicker={STORIES.kicker} title={STORIES.title} intro={STORIES.intro}>
      <Text c="ink.8" fz="sm" ta="center" mb="md">
        {STORIES.hint}
      </Text>
      {/* Focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      <div role="region" aria-label={STORIES.regionLabel} tabIndex={0} className={classes.storyScroller}>
        <ul className={classes.storyList}>
          {TESTIMONIALS.map((person, index) => (
            <li key={person.name} className={classes.storyItem}>
              <Card padding="xl" radius="lg" shadow="sm" className={classes.storyCard}>
                <Stack gap="md">
                  <Group gap="md" wrap="nowrap">
                    <InitialsAvatar name={person.name} index={index} size={56} />
                    <Box>
                      <Title order={3} fz="md" c="ink.9">
                        {person.name}
                      </Title>
                      <Text fz="sm" c="ink.7">
                        {person.place}
                      </Text>
                    </Box>
                  </Group>
                  <div className={classes.quoteMark}>
                    <IconQuote size={24} />
                  </div>
                  <blockquote className={classes.quote}>“{person.quote}”</blockquote>
                  <Text c="ink.8" fz="sm" lh={1.7}>
                    {person.story}
                  </Text>
                </Stack>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

const check = (
  <ThemeIcon color="brand.7" size={26} radius="xl">
    <IconCheck size={16} />
  </ThemeIcon>
);

function Petition() {
  return (
    <Section kicker={PETITION.kicker} title={PETITION.title} intro={PETITION.intro}>
      <Card withBorder padding="xl" radius="lg" maw={640} mx="auto">
        <Stack gap="lg">
          <List spacing="md" icon={check} center>
            {PETITION.demands.map((demand) => (
              <List.Item key={demand}>
                <Text fw={700} c="ink.9">
                  {demand}
                </Text>
              </List.Item>
            ))}
          </List>
          <Group justify="space-between" gap="md">
            <Text c="ink.7">{PETITION.note}</Text>
            <LinkButton to={PETITION.button.to} size="md">
              {PETITION.button.label}
            </LinkButton>
          </Group>
        </Stack>
      </Card>
    </Section>
  );
}

function Rights() {
  return (
    <Section alt kicker={RIGHTS.kicker} title={RIGHTS.title} intro={RIGHTS.intro}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {RIGHTS.points.map((point) => (
          <Card key={point.title} withBorder padding="xl" radius="lg" className={pageClasses.card}>
            <Stack gap="sm">
              <Title order={3} fz="lg" c="ink.9">
                {point.title}
              </Title>
              <Text c="ink.7" lh={1.6}>
                {point.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="center" mt={40}>
        <LinkButton to={RIGHTS.button.to} size="lg">
          {RIGHTS.button.label}
        </LinkButton>
      </Group>
    </Section>
  );
}

function Report() {
  return (
    <Section kicker={REPORT.kicker} title={REPORT.title} intro={REPORT.intro}>
      <Grid gutter={{ base: "md", md: 40 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md" align="flex-start">
            <Title order={3} fz="xl" c="ink.9">
              {REPORT.kindsTitle}
            </Title>
            <List spacing="sm" c="ink.8" icon={<IconAlertBullet />}>
              {REPORT.kinds.map((kind) => (
                <List.Item key={kind}>{kind}</List.Item>
              ))}
            </List>
            <Text c="ink.7" lh={1.6}>
              {REPORT.evidence}
            </Text>
            <Group gap="sm">
              <LinkButton to={REPORT.button.to} size="lg">
                {REPORT.button.label}
              </LinkButton>
              <LinkButton to={ALERTS_LINK.to} size="lg" variant="outline">
                {ALERTS_LINK.label}
              </LinkButton>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="xl" radius="lg" bg="gray.0">
            <Stack gap="md">
              <Title order={3} fz="xl" c="ink.9">
                {REPORT.authoritiesTitle}
              </Title>
              <Text c="ink.8" lh={1.6}>
                {REPORT.authoritiesIntro}
              </Text>
              <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: "none" }}>
                {REPORT.authorities.map((agency) => (
                  <li key={agency.href}>
                    <Anchor href={agency.href} c="ink.9" fw={700} underline="always">
                      {agency.label}
                    </Anchor>
                    <Text c="ink.7" fz="sm" lh={1.6}>
                      {agency.text}
                    </Text>
                  </li>
                ))}
                <li>
                  <Text c="ink.7" fz="sm" lh={1.6}>
                    {REPORT.stateAuthority}
                  </Text>
                </li>
              </Stack>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Section>
  );
}

function IconAlertBullet() {
  return (
    <ThemeIcon color="gold.6" c="ink.9" size={26} radius="xl">
      <IconAlert size={15} />
    </ThemeIcon>
  );
}

/** One card per guide whose page exists; the whole section waits until at least one does. */
function FactSheets() {
  const sheets = FACT_SHEETS.sheets.filter((sheet) => isPublicPage(sheet.link.to));
  if (sheets.length === 0) return null;
  return (
    <Section alt kicker={FACT_SHEETS.kicker} title={FACT_SHEETS.title} intro={FACT_SHEETS.intro}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {sheets.map((sheet) => (
          <Card key={sheet.title} withBorder padding="xl" radius="lg" className={pageClasses.card}>
            <Stack gap="sm" h="100%" align="flex-start">
              <div className={pageClasses.iconBubble}>
                <IconFile />
              </div>
              <Title order={3} fz="lg" c="ink.9">
                {sheet.title}
              </Title>
              <Text c="ink.7" lh={1.6} style={{ flexGrow: 1 }}>
                {sheet.summary}
              </Text>
              <LinkButton to={sheet.link.to}>{sheet.link.label}</LinkButton>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Why() {
  return (
    <Section kicker={WHY.kicker} title={WHY.title} intro={WHY.intro}>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 3 }} spacing="lg" className={classes.statList} aria-label={WHY.statsLabel}>
        {WHY.stats.map((stat) => (
          <li key={stat.label} className={classes.stat}>
            <span className={classes.statValue}>{stat.value}</span> <span className={classes.statLabel}>{stat.label}</span>
          </li>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
        {WHY.points.map((point) => (
          <Stack key={point.title} gap={6}>
            <Title order={3} fz="lg" c="ink.9">
              {point.title}
            </Title>
            <Text c="ink.7" lh={1.6}>
              {point.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}

const WAY_ICONS: Record<(typeof WAYS_TO_HELP.ways)[number]["icon"], ReactNode> = {
  sign: <IconUsers />,
  share: <IconShare />,
  report: <IconMegaphone />,
  download: <IconFile />,
  donate: <IconHeart />,
};

/** Every way to help stays listed; its link appears once its page exists. */
function WaysToHelp() {
  return (
    <Section alt kicker={WAYS_TO_HELP.kicker} title={WAYS_TO_HELP.title}>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
        {WAYS_TO_HELP.ways.map((way) => (
          <li key={way.title}>
            <Card withBorder padding="lg" radius="lg" className={pageClasses.card}>
              <Stack gap="sm" h="100%" align="flex-start">
                <div className={pageClasses.iconBubble}>{WAY_ICONS[way.icon]}</div>
                <Title order={3} fz="lg" c="ink.9">
                  {way.title}
                </Title>
                <Text c="ink.7" fz="sm" lh={1.6} style={{ flexGrow: 1 }}>
                  {way.text}
                </Text>
                <LinkButton to={way.link.to} size="sm" {...(way.icon === "donate" ? { color: "gold.6", c: "ink.9" } : {})}>
                  {way.link.label}
                </LinkButton>
              </Stack>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Closing() {
  return (
    <CtaBand title={CLOSING.title} text={CLOSING.text}>
      <LinkButton to={CLOSING.rights.to} size="lg">
        {CLOSING.rights.label}
      </LinkButton>
      <LinkButton to={CLOSING.checklist.to} size="lg" color="gold.6" c="ink.9">
        {CLOSING.checklist.label}
      </LinkButton>
    </CtaBand>
  );
}
