import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { IconAlert, IconShield, IconUsers } from "../components/icons";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import { SITE_NAME } from "../site";
import classes from "./PetitionPage/PetitionPage.module.css";

export const HOME_TITLE = `${SITE_NAME} | Protecting Timeshare Owners`;

const PILLARS = [
  {
    icon: <IconShield />,
    title: "Know your rights",
    text: "Plain-language help on contracts, cancellation windows and what heirs really owe.",
  },
  {
    icon: <IconAlert />,
    title: "Spot the scams",
    text: "Exit companies and resale offers that take your money: how they work and how to avoid them.",
  },
  {
    icon: <IconUsers />,
    title: "Change the law",
    text: "Thousands of owners are asking lawmakers for fair rules. Your name makes the case stronger.",
  },
];

export function HomePage() {
  useDocumentTitle(HOME_TITLE);
  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="md">
          <Stack gap="lg" align="flex-start">
            <span className={classes.eyebrow}>Nonprofit · Owner protection</span>
            <Title order={1} id="home-title" className={classes.heroTitle}>
              {SITE_NAME}
            </Title>
            <Text className={classes.heroLead}>
              We protect timeshare owners and their families from unfair contracts, inherited timeshare debt and exit
              scams, and we campaign for laws that give every owner a fair way out.
            </Text>
            <Group>
              <Button component={Link} to="/petition" size="lg" radius="xl">
                Read and Sign the Petition
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
      <section className={classes.section} aria-label="What we do">
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
            {PILLARS.map((pillar) => (
              <Stack key={pillar.title} gap="sm">
                <ThemeIcon size={48} radius="md" variant="light" color="brand">
                  {pillar.icon}
                </ThemeIcon>
                <Title order={2} fz="xl" c="ink.9">
                  {pillar.title}
                </Title>
                <Text c="dimmed" lh={1.6}>
                  {pillar.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </section>
    </>
  );
}
