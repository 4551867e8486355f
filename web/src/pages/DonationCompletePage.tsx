import { CtaBand } from "../components/page/CtaBand";
import { LinkButton } from "../components/page/LinkButton";
import { PageHero } from "../components/page/PageHero";
import { Section } from "../components/page/Section";
import { Steps } from "../components/page/Steps";
import { CLOSING, HERO, NEXT_STEPS } from "../content/donation-complete";
import { DEFAULT_PETITION_ID, signPath } from "../site";

const SIGN_HREF = signPath(DEFAULT_PETITION_ID) as `/sign/${string}`;

/** /complete: the payment provider sends donors here after a completed donation. */
export function DonationCompletePage() {
  return (
    <>
      <PageHero
        eyebrow={HERO.eyebrow}
        title={HERO.title}
        lead={HERO.lead}
        actions={
          <LinkButton to="/" size="lg" variant="white" color="ink.9">
            {HERO.homeButton}
          </LinkButton>
        }
      />
      <Section title={NEXT_STEPS.title}>
        <Steps steps={NEXT_STEPS.steps} />
      </Section>
      <CtaBand title={CLOSING.title} text={CLOSING.text}>
        <LinkButton to={SIGN_HREF} size="lg" color="gold.6" c="ink.9">
          {CLOSING.signButton}
        </LinkButton>
        <LinkButton to="/" size="lg" variant="white" color="ink.9">
          {CLOSING.homeButton}
        </LinkButton>
      </CtaBand>
    </>
  );
}
