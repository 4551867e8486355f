import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlert } from "../components/icons";
import pageClasses from "../components/page/Page.module.css";
import { CtaBand } from "../components/page/CtaBand";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { Steps } from "../components/page/Steps";
import { CLOSING, FAMILIES, HERO, SAFETY, TRAP, WARNING_SIGNS } from "../content/how-scams-work";
import { NAMED_ICONS } from "../components/icons";

/** How Timeshare Scams Work (/how-timeshare-scams-work): the scam's five steps, four schemes, warning signs, three tips. */
export function HowScamsWorkPage() {
  return (
    <>
      <PageHero
        eyebrow={HERO.eyebrow}
        title={HERO.title}
        lead={HERO.lead}
        actions={
          <LinkButton to="/timeshare-scam" size="lg" color="gold.6" c="ink.9">
            {HERO.reportButton}
          </LinkButton>
        }
      />

      <Section kicker={TRAP.kicker} title={TRAP.title} intro={TRAP.intro}>
        <Stack component="ol" gap="xl" maw={760} mx="auto" my={0} p={0} style={{ listStyle: "none" }}>
          {TRAP.steps.map((step, index) => (
            <Group component="li" key={step.title} align="flex-start" wrap="nowrap" gap="md">
              <div className={pageClasses.stepNumber} aria-hidden="true">
                {index + 1}
              </div>
              <Stack gap={6}>
                <Title order={3} fz="lg" c="ink.9">
                  {step.title}
                </Title>
                <Text c="ink.7" lh={1.6}>
                  {step.text}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </Section>

      <Section alt kicker={FAMILIES.kicker} title={FAMILIES.title} intro={FAMILIES.intro}>
        <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
          {FAMILIES.families.map((family) => (
            <Card component="li" key={family.title} withBorder padding="xl" radius="lg" className={pageClasses.card}>
              <Stack gap="sm">
                <Group gap="md" wrap="nowrap">
                  <div className={pageClasses.iconBubble}>{NAMED_ICONS[family.icon]}</div>
                  <Title order={3} fz="xl" c="ink.9">
                    {family.title}
                  </Title>
                </Group>
                <Text c="ink.7" lh={1.6}>
                  {family.text}
                </Text>
                <Text c="ink.9" lh={1.6}>
                  <Text span fw={700}>
                    {FAMILIES.tellLabel}
                  </Text>{" "}
                  {family.tell}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section kicker={WARNING_SIGNS.kicker} title={WARNING_SIGNS.title} intro={WARNING_SIGNS.intro}>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
          {WARNING_SIGNS.signs.map((sign) => (
            <Card component="li" key={sign.title} withBorder padding="lg" radius="lg" className={pageClasses.card}>
              <Stack gap="xs">
                <ThemeIcon size={36} radius="md" variant="light" color="red">
                  <IconAlert size={20} />
                </ThemeIcon>
                <Title order={3} fz="md" c="ink.9">
                  {sign.title}
                </Title>
                <Text c="ink.7" fz="sm" lh={1.6}>
                  {sign.text}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section alt kicker={SAFETY.kicker} title={SAFETY.title} intro={SAFETY.intro}>
        <Steps steps={SAFETY.tips} />
      </Section>

      <CtaBand title={CLOSING.title} text={CLOSING.text}>
        <LinkButton to="/timeshare-scam" size="lg" color="gold.6" c="ink.9">
          {CLOSING.reportButton}
        </LinkButton>
      </CtaBand>
    </>
  );
}
