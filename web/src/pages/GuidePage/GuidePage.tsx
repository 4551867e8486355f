import { Stack, Text } from "@mantine/core";
import type { Guide } from "@site/core/guides/types";
import { LEAD_FORM_INFO } from "@site/core/lead/forms";
import { PageHero } from "../../components/page";
import { GUIDE_EYEBROW } from "../../content/guide-pages";
import { GuideArticle } from "./GuideArticle";
import { LeadForm } from "./LeadForm";

/** Where the form is, for the link at the end of the document. */
const FORM_ID = "get-the-guide";

/**
 * A free-guide page (spec "Lead-capture pages"): the guide's title, subtitle and summary with the
 * form that e-mails its PDF, then the document itself. Page and PDF are one content module
 * (packages/core/src/guides): nothing here says what the guide says.
 */
export function GuidePage({ guide }: { guide: Guide }) {
  const info = LEAD_FORM_INFO[guide.form];
  return (
    <>
      <PageHero
        eyebrow={GUIDE_EYEBROW[guide.form]}
        title={guide.title}
        lead={
          <Stack gap="md">
            <Text inherit>{guide.subtitle}</Text>
            <Text fz="md" lh={1.7} c="ink.0">
              {guide.summary}
            </Text>
          </Stack>
        }
        aside={<LeadForm info={info} id={FORM_ID} />}
      />
      <GuideArticle guide={guide} resource={info.resource} formId={FORM_ID} />
    </>
  );
}
