import { Button, List, ThemeIcon } from "@mantine/core";
import { IconCheck } from "../components/icons";
import { CtaBand } from "../components/page/CtaBand";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { HERO, OTHER_WAY, WHY_NOW } from "../content/donation-cancel";
import { DEFAULT_PETITION_ID, DONATION_URL, signPath } from "../site";

const SIGN_HREF = signPath(DEFAULT_PETITION_ID) as `/sign/${string}`;

/** The static page that says how to give when the foundation has no online payment page yet. */
const DONATION_PAGE = "/donation.html";

export interface DonationLink {
  href: string;
  /** Set for the external payment page: it opens in a new tab, without access to this one. */
  target?: "_blank";
  rel?: "noopener noreferrer";
}

/**
 * Where 'Complete Your Donation Now' leads: the online payment page (DONATION_URL) in a new tab, or,
 * while the foundation has none, /donation.html in the same tab.
 */
export function completeDonationLink(donationUrl: string): DonationLink {
  return donationUrl ? { href: donationUrl, target: "_blank", rel: "noopener noreferrer" } : { href: DONATION_PAGE };
}

/** /cancel: the payment provider sends donors here when they leave before paying. */
export function DonationCancelPage() {
  const link = completeDonationLink(DONATION_URL);
  return (
    <>
      <PageHero
        eyebrow={HERO.eyebrow}
        title={HERO.title}
        lead={HERO.lead}
        actions={
          <>
            <Button
              component="a"
              {...link}
              aria-label={link.target ? `${HERO.donateButton} ${HERO.newTabNote}` : undefined}
              size="xl"
              radius="xl"
              color="gold.6"
              c="ink.9"
            >
              {HERO.donateButton}
            </Button>
            <LinkButton to="/" size="xl" variant="white" color="ink.9">
              {HERO.homeButton}
            </LinkButton>
          </>
        }
      />
      <Section title={WHY_NOW.title} intro={WHY_NOW.intro}>
        <List
          spacing="md"
          maw={720}
          mx="auto"
          c="ink.8"
          fz="lg"
          icon={
            <ThemeIcon color="brand.9" size={28} radius="xl">
              <IconCheck size={16} />
            </ThemeIcon>
          }
        >
          {WHY_NOW.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Section>
      <CtaBand title={OTHER_WAY.title} text={OTHER_WAY.text}>
        <LinkButton to={SIGN_HREF} size="lg" color="gold.6" c="ink.9">
          {OTHER_WAY.signButton}
        </LinkButton>
      </CtaBand>
    </>
  );
}
