import { Anchor, Container, Text, Title } from "@mantine/core";
import type { LeadFormInfo } from "@site/core/lead/forms";
import { isSitePath } from "@site/core/guides/links";
import { runsOf } from "@site/core/guides/rich-text";
import type { Block, Callout, Guide, RichText, Section, Table } from "@site/core/guides/types";
import { Fragment, useId, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { GUIDE_ARTICLE_WORDS as WORDS } from "../../content/guide-pages";
import { isPublicPage } from "../../publicRoutes";
import classes from "./GuidePage.module.css";

/**
 * A free guide as a web page, from the same document model the PDF is built from
 * (packages/core/src/guides): sections, running text with links, bullet lists, checklists (a list
 * with a box to tick on paper, not form controls), tables with captions and header cells, callouts,
 * the sources and the date the facts were last checked.
 */
export function GuideArticle({ guide, resource, formId }: { guide: Guide; resource: LeadFormInfo["resource"]; formId: string }) {
  const ids = sectionIds(guide.sections);
  const contentsId = useId();
  return (
    <article className={classes.article} aria-label={guide.title}>
      <Container size="md">
        <p className={classes.reviewed}>
          {WORDS.lastReviewed} <time dateTime={guide.lastReviewed}>{formatReviewed(guide.lastReviewed)}</time>
        </p>
        <nav className={classes.contents} aria-labelledby={contentsId}>
          <Text id={contentsId} fw={700} c="ink.9" mb={8}>
            {WORDS.contents(resource)}
          </Text>
          <ol>
            {guide.sections.map((section, index) => (
              <li key={ids[index]}>
                <Anchor href={`#${ids[index]}`} c="brand.9">
                  {section.heading}
                </Anchor>
              </li>
            ))}
          </ol>
        </nav>
        {guide.sections.map((section, index) => (
          <GuideSection key={ids[index]} id={ids[index]!} section={section} />
        ))}
        <Sources guide={guide} />
        <p className={classes.getCopy}>
          <Anchor href={`#${formId}`} c="brand.9" fw={700}>
            {WORDS.getCopy(resource)}
          </Anchor>
        </p>
      </Container>
    </article>
  );
}

function GuideSection({ id, section }: { id: string; section: Section }) {
  return (
    <section className={classes.section} aria-labelledby={id}>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {section.heading}
      </Title>
      {section.blocks.map((block, index) => (
        <GuideBlock key={index} block={block} />
      ))}
    </section>
  );
}

function GuideBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p className={classes.paragraph}>
          <Rich text={block.text} />
        </p>
      );
    case "bullets":
      return <Items items={block.items} className={classes.bullets} />;
    case "checklist":
      // list-style none drops the list role in some screen readers: role="list" keeps it.
      return <Items items={block.items} className={classes.checklist} role="list" />;
    case "table":
      return <GuideTable table={block} />;
    case "callout":
      return <GuideCallout callout={block} />;
  }
}

function Items({ items, className, role }: { items: readonly RichText[]; className: string; role?: "list" }) {
  return (
    <ul className={className} role={role}>
      {items.map((item, index) => (
        <li key={index}>
          <Rich text={item} />
        </li>
      ))}
    </ul>
  );
}

/** Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */
function GuideTable({ table }: { table: Table }) {
  const captionId = useId();
  const total = table.widths?.reduce((sum, width) => sum + width, 0);
  return (
    <div className={classes.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={classes.table}>
        <caption id={captionId}>{table.caption}</caption>
        {table.widths && total ? (
          <colgroup>
            {table.widths.map((width, index) => (
              <col key={index} style={{ width: `${((width / total) * 100).toFixed(1)}%` }} />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr>
            {table.header.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function GuideCallout({ callout }: { callout: Callout }) {
  const titleId = useId();
  return (
    <div className={classes.callout} role="note" aria-labelledby={titleId}>
      <Title order={3} id={titleId} className={classes.calloutTitle}>
        {callout.title}
      </Title>
      <p className={classes.paragraph}>
        <Rich text={callout.text} />
      </p>
      {callout.items && <Items items={callout.items} className={classes.bullets} />}
    </div>
  );
}

function Sources({ guide }: { guide: Guide }) {
  const headingId = useId();
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        {WORDS.sources}
      </Title>
      <ol className={classes.sources}>
        {guide.sources.map((source) => (
          <li key={source.url}>
            <Anchor href={source.url} c="brand.9" underline="always">
              {source.title}
            </Anchor>
            , {source.publisher}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Running text; a link to a page of the site is followed inside the app, and left as text if the site lacks it. */
function Rich({ text }: { text: RichText }) {
  return (
    <>
      {runsOf(text).map((run, index) => (
        <Fragment key={index}>{run.href ? <GuideLink href={run.href}>{run.text}</GuideLink> : run.text}</Fragment>
      ))}
    </>
  );
}

function GuideLink({ href, children }: { href: string; children: ReactNode }) {
  if (!isSitePath(href)) {
    return (
      <Anchor href={href} c="brand.9" underline="always">
        {children}
      </Anchor>
    );
  }
  if (!isPublicPage(href)) return <>{children}</>;
  return (
    <Anchor component={Link} to={href} c="brand.9" underline="always" fw={600}>
      {children}
    </Anchor>
  );
}

/** "Before you sign" → "before-you-sign": anchors a reader can share; a repeated heading gets a number. */
function sectionIds(sections: readonly Section[]): string[] {
  const seen = new Map<string, number>();
  return sections.map((section) => {
    const slug =
      section.heading
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "") || "section";
    const count = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, count);
    return count === 1 ? slug : `${slug}-${count}`;
  });
}

const reviewedFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });

/** "2026-11-22" → "November 22, 2026", the same on the server and in every browser's time zone. */
export function formatReviewed(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : reviewedFormat.format(parsed);
}
