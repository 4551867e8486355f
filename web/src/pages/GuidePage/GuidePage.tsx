import { Stack, Text } from "@mantine/core";
import type { Guide } from "@site/core/guides/types";
import { LEAD_FORM_INFO, type LeadForm as LeadFormName } from "@site/core/lead/forms";
import type { ComponentType } from "react";
import { PageHero } from "../../components/page/PageHero";
import { GUIDE_EYEBROW } from "../../content/guide-pages";
import { deferred } from "../../lib/deferred";
import { staticPart } from "../../lib/staticPart";
import type { GuideArticle } from "./GuideArticle";
import { LeadForm } from "./LeadForm";

/** Where the form is, for the link at the end of the document. */
const FORM_ID = "get-the-guide";

/** The guide and the article that shows it, loaded together. */
interface GuideText {
  guide: Guide;
  GuideArticle: typeof GuideArticle;
}

/** The hero's words under the title: the guide's subtitle and summary. */
function GuideLead({ module: { guide } }: { module: GuideText }) {
  return (
    <Stack gap="md">
      <Text inherit>{guide.subtitle}</Text>
      <Text fz="md" lh={1.7} c="ink.0">
        {guide.summary}
      </Text>
    </Stack>
  );
}

/** The document itself. */
function GuideDocument({ module: { guide, GuideArticle }, form }: { module: GuideText; form: LeadFormName }) {
  return <GuideArticle guide={guide} resource={LEAD_FORM_INFO[form].resource} formId={FORM_ID} />;
}

/**
 * A free-guide page (spec "Lead-capture pages"): the guide's title, subtitle and summary with the
 * form that e-mails its PDF, then the document itself. Page and PDF are one content module
 * (packages/core/src/guides, `load`): nothing here says what the guide says.
 *
 * The guide's text is most of the page and none of its behaviour: its content module and the article
 * load at the visitor's first interaction (staticPart.tsx), while the prerendered HTML shows it all;
 * the form (its only behaviour) and the title (the document's title, from the forms' catalogue) are
 * the page's first load (scripts/bench/js-budget.ts).
 */
export function guidePage(form: LeadFormName, load: () => Promise<Guide>): ComponentType {
  const text = deferred<GuideText>(() => Promise.all([load(), import("./GuideArticle")]).then(([guide, { GuideArticle }]) => ({ guide, GuideArticle })));
  const Lead = staticPart(text, GuideLead);
  const Document = staticPart(text, GuideDocument);
  const info = LEAD_FORM_INFO[form];
  function GuidePage() {
    return (
      <>
        <PageHero eyebrow={GUIDE_EYEBROW[form]} title={info.documentTitle} lead={<Lead />} aside={<LeadForm info={info} id={FORM_ID} />} />
        <Document form={form} />
      </>
    );
  }
  return GuidePage;
}
