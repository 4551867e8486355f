import { Anchor, Box, Card, Container, Grid, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useId } from "react";
import { IconAlert, IconCheck, IconShield } from "../components/icons";
import pageClasses from "../components/page/Page.module.css";
import { CtaBand } from "../components/page/CtaBand";
import { IconCardGrid } from "../components/page/IconCardGrid";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { Steps } from "../components/page/Steps";
import { DENIED_RIGHTS, DONATE_BANNER, HERO, INHERITED_DEBT, MISSION, STRATEGY, URGENT_WARNING } from "../content/consumer-rights";
import { DEFAULT_PETITION_ID, signPath } from "../site";

const SIGN_HREF = signPath(DEFAULT_PETITION_ID) as `/sign/${string}`;

/** /consumer-rights: what owners are denied, what heirs can do, and the campaign to change it. */
export function ConsumerRightsPage() {
  return (
    <>
      <PageHero
        eyebrow={HERO.eyebrow}
        title={HERO.title}
        lead={HERO.lead}
        actions={
          <LinkButton to={SIGN_HREF} size="lg" color="gold.6" c="ink.9">
            {HERO.signButton}
          </LinkButton>
        }
      />
      <DeniedRights />
      <InheritedDebt />
      <Mission />
      <Section alt kicker={STRATEGY.kicker} title={STRATEGY.title}>
        <Steps steps={STRATEGY.steps} />
        <Group justify="center" mt={48}>
          <LinkButton to={SIGN_HREF} size="lg">
            {STRATEGY.signButton}
          </LinkButton>
        </Group>
      </Section>
      <CtaBand tone="gold" title={DONATE_BANNER.title} text={DONATE_BANNER.text}>
        <LinkButton to="/donate" size="lg" color="ink.9">
          {DONATE_BANNER.button}
        </LinkButton>
      </CtaBand>
      <UrgentWarning />
    </>
  );
}

function DeniedRights() {
  return (
    <Section kicker={DENIED_RIGHTS.kicker} title={DENIED_RIGHTS.title} intro={DENIED_RIGHTS.intro}>
      <IconCardGrid cards={DENIED_RIGHTS.cards} md={3} />
    </Section>
  );
}

function InheritedDebt() {
  return (
    <Section alt kicker={INHERITED_DEBT.kicker} title={INHERITED_DEBT.title} intro={INHERITED_DEBT.intro}>
      <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
        {INHERITED_DEBT.options.map((option) => (
          <Card component="li" key={option.title} padding="xl" radius="lg" shadow="sm" className={pageClasses.card}>
            <Group align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon color="brand.9" size={32} radius="xl">
                <IconCheck size={18} />
              </ThemeIcon>
              <Stack gap={6}>
                <Title order={3} fz="lg" c="ink.9">
                  {option.title}
                </Title>
                <Text c="ink.7" lh={1.6}>
                  {option.text}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Stack align="center" ta="center" gap="lg" mt={40}>
        <Text fw={700} c="ink.8" maw={640}>
          {INHERITED_DEBT.note}
        </Text>
        <LinkButton to={SIGN_HREF} size="lg">
          {INHERITED_DEBT.signButton}
        </LinkButton>
      </Stack>
    </Section>
  );
}

function Mission() {
  const headingId = useId();
  return (
    <section className={pageClasses.section} aria-labelledby={headingId}>
      <Container size="lg">
        <Grid gutter={48} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Text className={pageClasses.kicker}>{MISSION.kicker}</Text>
              <Title order={2} id={headingId} className={pageClasses.sectionTitle}>
                {MISSION.title}
              </Title>
              {MISSION.paragraphs.map((paragraph) => (
                <Text key={paragraph} fz="lg" c="ink.7" lh={1.7}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder padding="xl" radius="lg">
              <Stack gap="md">
                <Text fw={800} fz="lg" c="ink.9">
                  {MISSION.demandsTitle}
                </Text>
                <List
                  spacing="sm"
                  icon={
                    <ThemeIcon color="brand.9" size={26} radius="xl">
                      <IconCheck size={16} />
                    </ThemeIcon>
                  }
                >
                  {MISSION.demands.map((demand) => (
                    <List.Item key={demand}>
                      <Text fw={600} c="ink.8">
                        {demand}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </section>
  );
}

function UrgentWarning() {
  return (
    <Section kicker={URGENT_WARNING.kicker} title={URGENT_WARNING.title} intro={URGENT_WARNING.intro}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card padding="xl" radius="lg" bg="red.0" style={{ borderLeft: "6px solid var(--mantine-color-red-8)" }}>
          <Group gap="sm" mb="md" wrap="nowrap">
            <Box c="red.9">
              <IconAlert />
            </Box>
            <Title order={3} fz="xl" c="red.9">
              {URGENT_WARNING.redFlagsTitle}
            </Title>
          </Group>
          <List spacing="sm" c="ink.9">
            {URGENT_WARNING.redFlags.map((flag) => (
              <List.Item key={flag}>{flag}</List.Item>
            ))}
          </List>
        </Card>
        <Card padding="xl" radius="lg" bg="brand.0" style={{ borderLeft: "6px solid var(--mantine-color-brand-9)" }}>
          <Group gap="sm" mb="md" wrap="nowrap">
            <Box c="brand.9">
              <IconShield />
            </Box>
            <Title order={3} fz="xl" c="ink.9">
              {URGENT_WARNING.protectTitle}
            </Title>
          </Group>
          <List spacing="sm" c="ink.9">
            {URGENT_WARNING.protect.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="xl" radius="lg" mt="lg">
        <Title order={3} fz="xl" c="ink.9" mb="xs">
          {URGENT_WARNING.reportTitle}
        </Title>
        <Text c="ink.7" mb="md">
          {URGENT_WARNING.reportIntro}
        </Text>
        <List spacing="sm">
          {URGENT_WARNING.reportLinks.map((link) => (
            <List.Item key={link.href}>
              <Anchor href={link.href} fw={700} c="brand.9" underline="always">
                {link.label}
              </Anchor>
              <Text span c="ink.7">
                {" "}
                {link.text}
              </Text>
            </List.Item>
          ))}
        </List>
      </Card>
      <Group justify="center" mt={48}>
        <LinkButton to={SIGN_HREF} size="lg">
          {URGENT_WARNING.signButton}
        </LinkButton>
      </Group>
    </Section>
  );
}
