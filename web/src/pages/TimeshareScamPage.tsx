import { Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconFile } from "../components/icons";
import pageClasses from "../components/page/Page.module.css";
import { CtaBand } from "../components/page/CtaBand";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { Steps } from "../components/page/Steps";
import { AFTER_REPORT, CLOSING, EVIDENCE, HERO, REPORT_KINDS, WHERE_ELSE, WHY_REPORT } from "../content/timeshare-scam";
import { IconCardGrid } from "../components/page/IconCardGrid";
import { ALERTS_LINK } from "../content/scam-alerts-link";
import { OfficialLink } from "./ScamPageParts";

/**
 * Report a Timeshare Scam (/timeshare-scam): why and what to report, with buttons to the report
 * wizard (/report-scam) and the free checklist (/timeshare-scam-checklist), and where else to report
 * and what evidence to keep.
 */
export function TimeshareScamPage() {
  return (
    <>
      <PageHero
        eyebrow={HERO.eyebrow}
        title={HERO.title}
        lead={HERO.lead}
        actions={
          <>
            <LinkButton to="/report-scam" size="lg" color="gold.6" c="ink.9">
              {HERO.reportButton}
            </LinkButton>
            <Button component="a" href={`#${WHERE_ELSE.id}`} size="lg" radius="xl" variant="outline" color="white">
              {HERO.whereButton}
            </Button>
          </>
        }
      />

      <Section kicker={WHY_REPORT.kicker} title={WHY_REPORT.title} intro={WHY_REPORT.intro}>
        <IconCardGrid cards={WHY_REPORT.reasons} md={4} />
      </Section>

      <Section alt kicker={REPORT_KINDS.kicker} title={REPORT_KINDS.title} intro={REPORT_KINDS.intro}>
        <IconCardGrid cards={REPORT_KINDS.kinds} />
        <Group justify="center" mt={40}>
          <LinkButton to="/timeshare-scam-checklist" size="lg" variant="outline" color="ink.9">
            {REPORT_KINDS.checklistButton}
          </LinkButton>
          <LinkButton to={ALERTS_LINK.to} size="lg" variant="outline" color="ink.9">
            {ALERTS_LINK.label}
          </LinkButton>
        </Group>
      </Section>

      <Section kicker={AFTER_REPORT.kicker} title={AFTER_REPORT.title} intro={AFTER_REPORT.intro}>
        <Steps steps={AFTER_REPORT.steps} />
        <Text c="ink.7" ta="center" maw={680} mx="auto" mt={40}>
          {AFTER_REPORT.note}
        </Text>
        <Group justify="center" mt="lg">
          <LinkButton to="/report-status" variant="subtle" color="ink.9">
            {AFTER_REPORT.followLink}
          </LinkButton>
        </Group>
      </Section>

      <Section alt id={WHERE_ELSE.id} kicker={WHERE_ELSE.kicker} title={WHERE_ELSE.title} intro={WHERE_ELSE.intro}>
        <SimpleGrid component="ul" cols={{ base: 1, md: 3 }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
          {WHERE_ELSE.agencies.map((agency) => (
            <Card component="li" key={agency.name} withBorder padding="xl" radius="lg" className={pageClasses.card}>
              <Stack gap="sm">
                <Title order={3} fz="lg" c="ink.9">
                  {agency.name}
                </Title>
                <Text c="ink.7" lh={1.6}>
                  {agency.text}
                </Text>
                {"link" in agency && agency.link && <OfficialLink href={agency.link.href}>{agency.link.label}</OfficialLink>}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Paper withBorder radius="lg" p="lg" mt={32} maw={760} mx="auto">
          <Text c="ink.9" fw={600} ta="center">
            {WHERE_ELSE.paidRecently}
          </Text>
        </Paper>
      </Section>

      <Section kicker={EVIDENCE.kicker} title={EVIDENCE.title} intro={EVIDENCE.intro}>
        <List
          spacing="lg"
          maw={760}
          mx="auto"
          center
          icon={
            <ThemeIcon size={36} radius="md" variant="light" color="brand">
              <IconFile size={20} />
            </ThemeIcon>
          }
        >
          {EVIDENCE.items.map((item) => (
            <List.Item key={item.title}>
              <Text c="ink.9" fw={700} span>
                {item.title}:
              </Text>{" "}
              <Text c="ink.7" span>
                {item.text}
              </Text>
            </List.Item>
          ))}
        </List>
      </Section>

      <CtaBand title={CLOSING.title} text={CLOSING.text}>
        <LinkButton to="/report-scam" size="lg" color="gold.6" c="ink.9">
          {CLOSING.reportButton}
        </LinkButton>
        <LinkButton to="/how-timeshare-scams-work" size="lg" variant="outline" color="white">
          {CLOSING.learnButton}
        </LinkButton>
        <LinkButton to="/timeshare-scam-checklist" size="lg" variant="outline" color="white">
          {CLOSING.checklistButton}
        </LinkButton>
      </CtaBand>
    </>
  );
}
