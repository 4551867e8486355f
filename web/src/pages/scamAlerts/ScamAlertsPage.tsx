import { Anchor, Button, Card, Container, List, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import type { PublicAlert } from "@site/core/alerts/types";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { PageHero } from "../../components/page/PageHero";
import { Section } from "../../components/page/Section";
import { ALERTS_HERO, GUIDE_LINKS, LIST, SEARCH } from "../../content/scam-alerts";
import { useHydrated } from "../../hooks/useHydrated";
import { isPublicPage } from "../../publicRoutes";
import { AlertCard } from "./AlertCard";
import { lookupAlerts, publishedAlerts } from "./alertsApi";

type Answer = { state: "idle" } | { state: "busy" } | { state: "done"; alerts: PublicAlert[] } | { state: "failed" };

/**
 * /scam-alerts: "Check a company before you pay" (the public lookup: the server reads the query as a
 * company, a phone number and a website, in any spelling) and the published alerts, newest first. The
 * query is kept in the address (`?q=`), so a check can be shared. No rules load here: the server
 * normalises what is typed.
 */
export function ScamAlertsPage() {
  return (
    <>
      <PageHero eyebrow={ALERTS_HERO.eyebrow} title={ALERTS_HERO.title} lead={ALERTS_HERO.lead} />
      <Container size="md" py={{ base: 40, sm: 64 }}>
        <Lookup />
      </Container>
      <PublishedList />
    </>
  );
}

function Lookup() {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer>({ state: "idle" });
  const inFlight = useRef<AbortController | null>(null);
  const query = params.get("q") ?? "";

  // the address's query (a shared link, Back) is the one checked
  useEffect(() => {
    const q = query.trim();
    setText(q);
    if (q.length < 2) {
      setAnswer({ state: "idle" });
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setAnswer({ state: "busy" });
    lookupAlerts(q, controller.signal).then(
      ({ alerts }) => !controller.signal.aborted && setAnswer({ state: "done", alerts }),
      (cause) => !controller.signal.aborted && (cause as Error)?.name !== "AbortError" && setAnswer({ state: "failed" }),
    );
    return () => controller.abort();
  }, [query]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    if (q.length < 2) {
      setFieldError(SEARCH.tooShort);
      return;
    }
    setFieldError(null);
    setParams({ q }, { replace: q === query });
  }

  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm">
      <form onSubmit={submit} role="search" aria-label={SEARCH.formLabel} noValidate>
        <Stack gap="md" align="stretch">
          <TextInput
            label={SEARCH.label}
            labelProps={{ fz: "xl", fw: 800, c: "ink.9", mb: 4 }}
            description={SEARCH.description}
            placeholder={SEARCH.placeholder}
            name="q"
            type="search"
            size="md"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={fieldError}
            disabled={!hydrated}
            maxLength={200}
          />
          <Button type="submit" size="md" color="brand.8" disabled={!hydrated || answer.state === "busy"} style={{ alignSelf: "flex-start" }}>
            {answer.state === "busy" ? SEARCH.busy : SEARCH.button}
          </Button>
        </Stack>
      </form>
      <div aria-live="polite" data-testid="lookup-answer">
        <LookupAnswer answer={answer} />
      </div>
    </Card>
  );
}

function LookupAnswer({ answer }: { answer: Answer }) {
  if (answer.state === "busy") return <Loader size="sm" mt="md" aria-label={SEARCH.busy} />;
  if (answer.state === "failed")
    return (
      <Text c="red.8" mt="md" role="alert">
        {SEARCH.failed}
      </Text>
    );
  if (answer.state !== "done") return null;
  if (!answer.alerts.length)
    return (
      <Stack gap="sm" mt="lg" data-testid="lookup-no-match">
        <Title order={3} fz="lg" c="ink.9">
          {SEARCH.noMatchTitle}
        </Title>
        <Text c="ink.8" lh={1.6}>
          {SEARCH.noMatch}
        </Text>
        <Text c="ink.8">{SEARCH.guidesIntro}</Text>
        <List spacing={4}>
          {GUIDE_LINKS.filter((g) => isPublicPage(g.to)).map((guide) => (
            <List.Item key={guide.to}>
              <Anchor component={Link} to={guide.to} c="brand.9" underline="always">
                {guide.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    );
  return (
    <Stack gap="md" mt="lg" data-testid="lookup-found">
      <Title order={3} fz="lg" c="red.9">
        {SEARCH.foundTitle(answer.alerts.length)}
      </Title>
      {answer.alerts.map((alert) => (
        <AlertCard key={alert.slug} alert={alert} />
      ))}
    </Stack>
  );
}

type ListState = { state: "loading" } | { state: "failed" } | { state: "done"; alerts: PublicAlert[]; next: string | null; more: boolean };

/** The published alerts, newest first, a page at a time (the API's `next`). */
function PublishedList() {
  const [list, setList] = useState<ListState>({ state: "loading" });

  useEffect(() => {
    let current = true;
    publishedAlerts().then(
      (page) => current && setList({ state: "done", alerts: page.alerts, next: page.next, more: false }),
      () => current && setList({ state: "failed" }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function more() {
    if (list.state !== "done" || !list.next) return;
    setList({ ...list, more: true });
    try {
      const page = await publishedAlerts(list.next);
      setList({ state: "done", alerts: [...list.alerts, ...page.alerts], next: page.next, more: false });
    } catch {
      setList({ ...list, more: false });
    }
  }

  return (
    <Section alt title={LIST.title} intro={LIST.intro}>
      <Stack gap="md" maw={760} mx="auto" data-testid="published-alerts">
        {list.state === "loading" && <Text c="ink.7">{LIST.loading}</Text>}
        {list.state === "failed" && (
          <Text c="red.8" role="alert">
            {LIST.failed}
          </Text>
        )}
        {list.state === "done" && !list.alerts.length && <Text c="ink.7">{LIST.empty}</Text>}
        {list.state === "done" && list.alerts.map((alert) => <AlertCard key={alert.slug} alert={alert} />)}
        {list.state === "done" && list.next && (
          <Button variant="outline" color="ink.9" radius="xl" onClick={more} loading={list.more} mx="auto">
            {LIST.more}
          </Button>
        )}
      </Stack>
    </Section>
  );
}
