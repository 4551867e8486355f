import { Button, Card, Group, SimpleGrid, Stack, Text, Title, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";
import { IconCheck } from "../components/icons";
import pageClasses from "../components/page/Page.module.css";
import { CtaBand } from "../components/page/CtaBand";
import { IconCardGrid } from "../components/page/IconCardGrid";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { ACCOUNTABILITY, FINAL_CTA, GIFT_USES, HERO, OTHER_WAYS, type WayToHelp } from "../content/donate";
import { isPublicPage } from "../publicRoutes";
import { DEFAULT_PETITION_ID, signPath } from "../site";

/** The static page that takes donations (generated with the build; not a route of the app). */
export const DONATION_PAGE = "/donation.html";

const SIGN_HREF = signPath(DEFAULT_PETITION_ID) as `/sign/${string}`;

/** A Donate button: a plain link to the static donation page (a full page load, not a router link). */
function DonateButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  return (
    <Button component="a" href={DONATION_PAGE} radius="xl" size="lg" {...props}>
      {children}
    </Button>
  );
}

/** /donate: 'Join the Movement', what a gift pays for, how the foundation is accountable, other ways to help. */
export function DonatePage() {
  return (
    <>
      <PageHero
        eyebrow={HERO.eyebrow}
        title={HERO.title}
        lead={HERO.lead}
        actions={
          <DonateButton color="gold.6" c="ink.9" size="xl">
            {HERO.donateButton}
          </DonateButton>
        }
      />
      <GiftUses />
      <Accountability />
      <OtherWays />
      <CtaBand title={FINAL_CTA.title} text={FINAL_CTA.text}>
        <DonateButton color="gold.6" c="ink.9" size="xl">
          {FINAL_CTA.donateButton}
        </DonateButton>
      </CtaBand>
    </>
  );
}

function GiftUses() {
  return (
    <Section kicker={GIFT_USES.kicker} title={GIFT_USES.title} intro={GIFT_USES.intro}>
      <IconCardGrid cards={GIFT_USES.items} md={4} />
      <Group justify="center" mt={48}>
        <DonateButton>{GIFT_USES.donateButton}</DonateButton>
      </Group>
    </Section>
  );
}

function Accountability() {
  return (
    <Section alt kicker={ACCOUNTABILITY.kicker} title={ACCOUNTABILITY.title} intro={ACCOUNTABILITY.intro}>
      <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
        {ACCOUNTABILITY.items.map((item) => (
          <Card component="li" key={item.title} padding="xl" radius="lg" shadow="sm" className={pageClasses.card}>
            <Group align="flex-start" wrap="nowrap" gap="md">
              <div className={pageClasses.iconBubble}>
                <IconCheck />
              </div>
              <Stack gap={6}>
                <Title order={3} fz="lg" c="ink.9">
                  {item.title}
                </Title>
                <Text c="ink.7" lh={1.6}>
                  {item.text}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** A way to help is shown only when its page exists (the sign page always does). */
const available = (item: WayToHelp) => item.to === "sign" || isPublicPage(item.to);

function OtherWays() {
  const items = (OTHER_WAYS.items as readonly WayToHelp[]).filter(available);
  return (
    <Section kicker={OTHER_WAYS.kicker} title={OTHER_WAYS.title}>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: items.length > 3 ? 4 : 3 }} spacing="lg" m={0} p={0} style={{ listStyle: "none" }}>
        {items.map((item) => (
          <Card component="li" key={item.title} withBorder padding="xl" radius="lg" className={pageClasses.card}>
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="sm">
                <Title order={3} fz="lg" c="ink.9">
                  {item.title}
                </Title>
                <Text c="ink.7" lh={1.6}>
                  {item.text}
                </Text>
              </Stack>
              <LinkButton to={item.to === "sign" ? SIGN_HREF : item.to} {...(item.to === "sign" ? {} : { variant: "outline", color: "brand.9" })}>
                {item.button}
              </LinkButton>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
