import { Anchor, Container, Text, Title } from "@mantine/core";
import { Fragment, useId } from "react";
import { Link } from "react-router-dom";
import { PageHero } from "../../components/page/PageHero";
import { POLICY, POLICY_SECTIONS, type PolicyBlock, type PolicySection, type RichText } from "../../content/privacy";
import classes from "./Privacy.module.css";

/**
 * /privacy-policy (spec "Privacy Policy"): data collected (personal, technical, location), use,
 * retention, rights, security and contact. The words and every period are content/privacy.ts, which
 * takes them from the forms' schemas and the retention constants.
 */
export function PrivacyPolicyPage() {
  const contentsId = useId();
  return (
    <>
      <PageHero eyebrow={POLICY.eyebrow} title={POLICY.title} lead={POLICY.lead} />
      <article className={classes.article}>
        <Container size="md">
          <nav className={classes.contents} aria-labelledby={contentsId}>
            <Text id={contentsId} fw={700} c="ink.9" mb={8}>
              {POLICY.contents}
            </Text>
            <ol>
              {POLICY_SECTIONS.map((section) => (
                <li key={section.id}>
                  <Anchor href={`#${section.id}`} c="brand.9">
                    {section.title}
                  </Anchor>
                </li>
              ))}
            </ol>
          </nav>
          {POLICY_SECTIONS.map((section) => (
            <PolicySectionView key={section.id} section={section} />
          ))}
        </Container>
      </article>
    </>
  );
}

function PolicySectionView({ section }: { section: PolicySection }) {
  return (
    <section id={section.id} className={classes.section} aria-labelledby={`${section.id}-title`}>
      <Title order={2} id={`${section.id}-title`} className={classes.sectionTitle}>
        {section.title}
      </Title>
      {section.blocks.map((block, index) => (
        <PolicyBlockView key={index} block={block} />
      ))}
    </section>
  );
}

function PolicyBlockView({ block }: { block: PolicyBlock }) {
  switch (block.kind) {
    case "subheading":
      return (
        <Title order={3} className={classes.subheading}>
          {block.text}
        </Title>
      );
    case "paragraph":
      return (
        <p className={classes.paragraph}>
          <Rich text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul className={classes.list}>
          {block.items.map((item, index) => (
            <li key={index}>
              <Rich text={item} />
            </li>
          ))}
        </ul>
      );
    case "table":
      return <PolicyTable block={block} />;
  }
}

function PolicyTable({ block }: { block: Extract<PolicyBlock, { kind: "table" }> }) {
  const captionId = useId();
  return (
    <div className={classes.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={classes.table}>
        <caption id={captionId}>{block.caption}</caption>
        <thead>
          <tr>
            {block.header.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map(([record, kept, then]) => (
            <tr key={record}>
              <th scope="row">{record}</th>
              <td>{kept}</td>
              <td>{then}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Text with its links: inside the site through the router, outside in the same tab with their address. */
export function Rich({ text }: { text: RichText }) {
  if (typeof text === "string") return <>{text}</>;
  return (
    <>
      {text.map((part, index) => {
        if (typeof part === "string") return <Fragment key={index}>{part}</Fragment>;
        if ("to" in part)
          return (
            <Anchor key={index} component={Link} to={part.to} c="brand.9" underline="always" inherit>
              {part.text}
            </Anchor>
          );
        return (
          <Anchor key={index} href={part.href} c="brand.9" underline="always" inherit>
            {part.text}
          </Anchor>
        );
      })}
    </>
  );
}
