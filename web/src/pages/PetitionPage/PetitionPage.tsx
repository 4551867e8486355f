import { Box, Button, Card, Container, Grid, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { InitialsAvatar } from "../../components/InitialsAvatar";
import { IconAlert, IconCheck, IconClock, IconHeart, IconLock, IconQuote, IconShield, IconUsers, IconX } from "../../components/icons";
import { useCountUp } from "../../hooks/useCountUp";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useSignatureCount } from "../../hooks/useSignatureCount";
import { trackEvent } from "../../lib/analytics";
import { formatCount, landingCount, progressPercent } from "../../lib/format";
import { DEFAULT_PETITION_ID, LANDING_GOAL, LANDING_INITIAL_COUNT, SITE_NAME, signPath } from "../../site";
import { PETITION_DEMANDS, PLAN, PROBLEMS, SIGNERS_BY_STATE, STATS, TESTIMONIALS, WITH_SIGNATURE, WITHOUT_SIGNATURE } from "./content";
import classes from "./PetitionPage.module.css";
import pageClasses from "../../components/page/Page.module.css";
import { IfPage } from "../../components/IfPage";

export const PETITION_PAGE_TITLE = "Timeshare Reform Petition";

const SIGN_HREF = signPath(DEFAULT_PETITION_ID);

const PROBLEM_ICONS: Record<(typeof PROBLEMS)[number]["icon"], ReactNode> = {
  lock: <IconLock />,
  clock: <IconClock />,
  users: <IconUsers />,
  alert: <IconAlert />,
};

/** The running count of owners who have joined (starts at 3427; the server's count once non-zero). */
function useLandingCount() {
  const { data } = useSignatureCount();
  const count = landingCount(data?.count, LANDING_INITIAL_COUNT);
  // The goal is part of the campaign model but deliberately not shown on this page.
  const progress = progressPercent(count, LANDING_GOAL);
  return { count, goal: LANDING_GOAL, progress };
}

export function PetitionPage() {
  useDocumentTitle(PETITION_PAGE_TITLE);
  const { count } = useLandingCount();

  return (
    <>
      <Hero count={count} />
      <Problems />
      <Stats />
      <Testimonials />
      <About />
      <Plan />
      <Outcomes />
      <IfPage to="/donate">
        <Donate />
      </IfPage>
      <SignersSection />
      <FinalCta count={count} />
    </>
  );
}

type StatesTable = typeof import("./SignersByState").SignersByState;

/**
 * Signatures by state: the table's chunk and its data are fetched only when the section comes near
 * the screen (or at once where IntersectionObserver is missing), never on the page's first load.
 */
function SignersByStateSlot({ petitionId }: { petitionId: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const [Table, setTable] = useState<StatesTable | undefined>();
  useEffect(() => {
    let live = true;
    // (a chunk that fails to load leaves the section empty: the rejection is handled here)
    const load = () =>
      void import("./SignersByState").then(
        (m) => live && setTable(() => m.SignersByState),
        () => {},
      );
    if (typeof IntersectionObserver === "undefined" || !slot.current) {
      load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: "300px" },
    );
    observer.observe(slot.current);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={slot} className={classes.statesSlot} data-testid="signers-by-state">
      {Table && <Table petitionId={petitionId} />}
    </div>
  );
}

function SignersSection() {
  return (
    <HeadedSection id="states-title" alt kicker={SIGNERS_BY_STATE.kicker} title={SIGNERS_BY_STATE.title} intro={SIGNERS_BY_STATE.intro}>
      <SignersByStateSlot petitionId={DEFAULT_PETITION_ID} />
    </HeadedSection>
  );
}

function SectionHeading({ kicker, title, children }: { kicker: string; title: string; children?: ReactNode }) {
  return (
    <Stack gap="xs" align="center" ta="center" mb={48} maw={720} mx="auto">
      <Text className={pageClasses.kicker}>{kicker}</Text>
      <Title order={2} fz={{ base: 28, sm: 38 }} c="ink.9">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" fz="lg">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** A page section with a centred heading; `aria-labelledby` points at the heading block. */
function HeadedSection(props: { id: string; alt?: boolean; kicker: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className={props.alt ? classes.sectionAlt : classes.section} aria-labelledby={props.id}>
      <Container size="lg">
        <Box id={props.id}>
          <SectionHeading kicker={props.kicker} title={props.title}>
            {props.intro}
          </SectionHeading>
        </Box>
        {props.children}
      </Container>
    </section>
  );
}

function Hero({ count }: { count: number }) {
  return (
    <section className={pageClasses.hero} aria-labelledby="petition-title">
      <Container size="lg">
        <Grid gutter={48} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Box>
                <span className={pageClasses.eyebrow}>Timeshare Reform Petition</span>
              </Box>
              <Title order={1} id="petition-title" className={pageClasses.heroTitle}>
                Sign the Petition
              </Title>
              <Text className={classes.heroLead}>
                Timeshare owners deserve a fair way out. Join us in asking lawmakers for real cancellation rights, more time to change your mind, and an end to
                timeshare debt passed down to families.
              </Text>
              <Group gap="md">
                <Button
                  component={Link}
                  to={SIGN_HREF}
                  size="xl"
                  radius="xl"
                  onClick={() => trackEvent("sign_petition_main", { petitionId: DEFAULT_PETITION_ID })}
                >
                  Sign the Petition Now
                </Button>
                {/* Not a live region: the count refreshes every few seconds and must not be re-announced. */}
                <Text className={classes.joined}>
                  <span className={classes.pulse} aria-hidden="true" />
                  {formatCount(count)} owners have joined
                </Text>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card className={classes.demandCard} p="xl">
              <Stack gap="md">
                <Text fw={800} fz="lg">
                  We are asking lawmakers for:
                </Text>
                <List
                  spacing="sm"
                  icon={
                    <ThemeIcon color="brand.6" size={26} radius="xl">
                      <IconCheck size={16} />
                    </ThemeIcon>
                  }
                >
                  {PETITION_DEMANDS.map((demand) => (
                    <List.Item key={demand}>
                      <Text fw={600}>{demand}</Text>
                    </List.Item>
                  ))}
                </List>
                <Button component={Link} to={SIGN_HREF} fullWidth size="md" variant="light">
                  Add My Name
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </section>
  );
}

function Problems() {
  return (
    <HeadedSection
      id="problem-title"
      kicker="The problem"
      title="Owners are trapped by rules written for sellers"
      intro="Timeshare contracts are easy to sign and almost impossible to leave. The law has not kept up."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {PROBLEMS.map((problem) => (
          <Card key={problem.title} withBorder padding="xl" className={classes.problemCard}>
            <Stack gap="sm">
              <div className={classes.iconBubble}>{PROBLEM_ICONS[problem.icon]}</div>
              <Title order={3} fz="lg" c="ink.9">
                {problem.title}
              </Title>
              <Text c="dimmed" fz="sm" lh={1.6}>
                {problem.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </HeadedSection>
  );
}

function Stat({ prefix, target, suffix, label }: (typeof STATS)[number]) {
  const [ref, value] = useCountUp<HTMLDivElement>(target);
  return (
    <Stack gap={6} align="center" ta="center" ref={ref}>
      {/* Screen readers read the figure once, not every step of the count-up. */}
      <div className={classes.statValue} aria-hidden="true">
        {prefix}
        {value}
        {suffix}
      </div>
      <VisuallyHidden>
        {prefix}
        {target}
        {suffix}
      </VisuallyHidden>
      <Text className={classes.statLabel}>{label}</Text>
    </Stack>
  );
}

function Stats() {
  return (
    <section className={classes.stats} aria-label="Timeshare statistics">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {STATS.map((stat) => (
            <Stat key={stat.label} {...stat} />
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

function Testimonials() {
  return (
    <HeadedSection id="stories-title" alt kicker="Owners' stories" title="Real families, real consequences">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {TESTIMONIALS.map((person, index) => (
          <Card key={person.name} padding="xl" radius="lg" shadow="sm" className={classes.testimonial}>
            <Stack gap="md">
              <Group gap="md" wrap="nowrap">
                <InitialsAvatar name={person.name} index={index} size={64} />
                <Box>
                  <Text fw={800} c="ink.9">
                    {person.name}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {person.place}
                  </Text>
                </Box>
              </Group>
              <Box className={classes.quoteMark}>
                <IconQuote size={28} />
              </Box>
              <Text component="blockquote" m={0} className={classes.quote}>
                “{person.quote}”
              </Text>
              <Text c="dimmed" fz="sm" lh={1.7}>
                {person.story}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </HeadedSection>
  );
}

function About() {
  return (
    <section className={classes.section} aria-labelledby="about-title">
      <Container size="lg">
        <Grid gutter={48} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Text className={pageClasses.kicker}>About the foundation</Text>
              <Title order={2} id="about-title" fz={{ base: 28, sm: 38 }} c="ink.9">
                Standing with owners since day one
              </Title>
              <Text fz="lg" c="ink.7" lh={1.7}>
                The {SITE_NAME} is a nonprofit public-safety organisation. We help owners and their families understand their rights, warn them about exit
                scams, and push for laws that make timeshare contracts fair.
              </Text>
              <Text c="dimmed" lh={1.7}>
                We do not sell timeshares, resale services or exit services, and we never charge owners for help. Our work is funded by donations from people
                who believe no family should be trapped by a vacation.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SimpleGrid cols={2} spacing="md">
              {[
                { icon: <IconShield />, title: "Independent", text: "No ties to developers or exit companies." },
                { icon: <IconUsers />, title: "Owner-led", text: "Shaped by the stories owners share with us." },
                { icon: <IconAlert />, title: "Scam watch", text: "We track and expose exit-scam tactics." },
                { icon: <IconHeart />, title: "Free help", text: "Guides and checklists at no cost, ever." },
              ].map((item) => (
                <Card key={item.title} withBorder padding="lg">
                  <Stack gap={6}>
                    <div className={classes.iconBubble}>{item.icon}</div>
                    <Text fw={800} c="ink.9">
                      {item.title}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {item.text}
                    </Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Grid.Col>
        </Grid>
      </Container>
    </section>
  );
}

function Plan() {
  return (
    <HeadedSection id="plan-title" alt kicker="Our plan" title="Three steps to change the law">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
        {PLAN.map((step, index) => (
          <Group key={step.title} align="flex-start" wrap="nowrap" gap="md">
            <div className={classes.stepNumber} aria-hidden="true">
              {index + 1}
            </div>
            <Stack gap={6}>
              <Title order={3} fz="lg" c="ink.9">
                {index + 1}. {step.title}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {step.text}
              </Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
      <Group justify="center" mt={48}>
        <Button component={Link} to={SIGN_HREF} size="lg" radius="xl">
          Start with Step 1: Sign
        </Button>
      </Group>
    </HeadedSection>
  );
}

function Outcomes() {
  return (
    <HeadedSection id="outcomes-title" kicker="Why it matters" title="What your signature changes">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card className={classes.withCard} padding="xl" radius="lg">
          <Title order={3} fz="xl" c="brand.9" mb="md">
            With your signature
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="brand.6" size={24} radius="xl">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {WITH_SIGNATURE.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Card>
        <Card className={classes.withoutCard} padding="xl" radius="lg">
          <Title order={3} fz="xl" c="red.8" mb="md">
            Without action
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="red.6" size={24} radius="xl">
                <IconX size={14} />
              </ThemeIcon>
            }
          >
            {WITHOUT_SIGNATURE.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>
    </HeadedSection>
  );
}

function Donate() {
  return (
    <section className={classes.donate} aria-labelledby="donate-title">
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="donate-title" fz={{ base: 26, sm: 34 }} c="ink.9">
            Help us carry every signature to lawmakers
          </Title>
          <Text fz="lg" c="ink.8" maw={620}>
            Your gift pays for legal research, owner support and the campaign that puts this petition in front of the people who can change the law.
          </Text>
          <Button component={Link} to="/donate" size="lg" radius="xl" color="ink.9">
            Donate to the Campaign
          </Button>
        </Stack>
      </Container>
    </section>
  );
}

function FinalCta({ count }: { count: number }) {
  return (
    <section className={classes.finalCta} aria-labelledby="final-title">
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <Title order={2} id="final-title" fz={{ base: 28, sm: 40 }} c="white">
            Add your name to {formatCount(count)} owners
          </Title>
          <Text fz="lg" c="ink.1" maw={600}>
            It takes less than a minute, and it is free.
          </Text>
          <Button component={Link} to={SIGN_HREF} size="xl" radius="xl">
            Sign the Petition
          </Button>
          <Text className={classes.disclaimer} maw={680}>
            Petition disclaimer: this petition is organised by the {SITE_NAME}, a nonprofit organisation. Signing is free and does not create a legal
            relationship, a legal claim or an obligation of any kind. We use your name and e-mail address to count and verify your signature and to deliver the
            petition; we send campaign updates only if you ask for them, and we never sell your data. The {SITE_NAME} does not offer timeshare exit, resale or
            legal services. You can ask us to delete your data at any time.
          </Text>
        </Stack>
      </Container>
    </section>
  );
}
