import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { ERASE_IN_JOB_ABOVE, PRIVACY_MESSAGES, type CountLabels, type ErasedCounts } from "@site/core/privacy/answers";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { LinkButton } from "../../components/page/LinkButton";
import { MY_DATA as WORDS, MY_DATA_FILE } from "../../content/data-requests";
import { ApiError, postJson } from "../../lib/api";
import { deferred, useDeferred } from "../../lib/deferred";
import { sendOnce } from "../../lib/sendOnce";
import { downloadFrom, downloadText } from "../../lib/download";
import {
  MAIL_STOPPED_REASONS,
  MY_DATA_API,
  countLines,
  formatDay,
  formatMoment,
  isDownloadLink,
  type EraseAnswer,
  type ErasureProgress,
  type HeldRecords,
  type RecordSummary,
} from "./myData";
import classes from "./Privacy.module.css";

type View =
  | { state: "loading" }
  | { state: "invalid" }
  | { state: "failed"; message?: string }
  | { state: "ready"; held: HeldRecords }
  | { state: "erasing"; statusToken: string; progress: ErasureProgress; labels?: CountLabels }
  | { state: "erased"; erased: ErasedCounts; labels?: CountLabels };

/** The erase confirmation (Mantine's Modal), fetched when the visitor first reaches for "Erase my data". */
const eraseConfirmation = deferred(() => import("./EraseConfirmation"));
/** The progress of an erasure run as a job (Mantine's Progress), fetched at the same moment when the erasure will be one. */
const erasingData = deferred(() => import("./ErasingData"));
const runsAsJob = (held: HeldRecords) => Object.values(held.counts).reduce((sum, n) => sum + n, 0) > ERASE_IN_JOB_ABOVE;
const reachForErase = (held: HeldRecords) => Promise.all([eraseConfirmation.load(), runsAsJob(held) && erasingData.load()]);

/** A 400 from any of the link's routes: the token is unknown, expired or used. */
const isInvalidLink = (cause: unknown) => cause instanceof ApiError && cause.status === 400;

/**
 * /my-data?token=…: the link of the data-request e-mail. It shows the address, how
 * many records of each kind hold it and each record; "Download my data" saves them all as a JSON
 * file (from the answer, or, when large, from the bucket's link the answer gives), "Erase my data"
 * erases them after a confirmation: at once, or, for many records, as a job whose progress bar the
 * page shows until it is done. The prerendered page, and a page without a token, ask nothing: the
 * first shows "loading", the second that the link does not work.
 */
export function MyDataPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [view, setView] = useState<View>({ state: "loading" });
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!token) {
      setView({ state: "invalid" });
      return;
    }
    postJson<HeldRecords>(MY_DATA_API.records, { token }, { fallbackMessage: PRIVACY_MESSAGES.failed }).then(
      (held) => setView({ state: "ready", held }),
      (cause: unknown) => setView({ state: isInvalidLink(cause) ? "invalid" : "failed" }),
    );
  }, [token]);

  /** After the page changes what it says (erased, the link gone), the new heading takes focus so it is read. */
  const show = (next: View) => {
    setView(next);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const title = {
    loading: WORDS.title,
    ready: WORDS.title,
    invalid: WORDS.invalidTitle,
    failed: WORDS.failedTitle,
    erasing: WORDS.erasingTitle,
    erased: WORDS.erasedTitle,
  }[view.state];

  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Card radius="lg" padding="xl" shadow="md" withBorder>
        <Stack gap="lg">
          <Title order={1} ref={heading} tabIndex={-1} c="ink.9" fz={{ base: 28, sm: 34 }}>
            {title}
          </Title>
          {view.state === "loading" && (
            <Stack align="center" gap="sm" py="md" role="status" aria-live="polite">
              <Loader color="brand.7" />
              <Text c="ink.7">{WORDS.loading}</Text>
            </Stack>
          )}
          {view.state === "invalid" && <InvalidLink />}
          {view.state === "failed" && (
            <Alert color="red" variant="light" role="alert">
              {view.message ?? PRIVACY_MESSAGES.failed}
            </Alert>
          )}
          {view.state === "ready" && token && (
            <HeldData
              held={view.held}
              token={token}
              onErased={(answer) =>
                show(
                  "erased" in answer
                    ? { state: "erased", erased: answer.erased, labels: view.held.countLabels }
                    : { state: "erasing", statusToken: answer.statusToken, progress: answer.progress, labels: view.held.countLabels },
                )
              }
              onInvalid={() => show({ state: "invalid" })}
            />
          )}
          {view.state === "erasing" && (
            <Erasing
              statusToken={view.statusToken}
              initial={view.progress}
              onErased={(erased) => show({ state: "erased", erased, labels: view.labels })}
              onLost={() => show({ state: "failed", message: PRIVACY_MESSAGES.unknownErasure })}
            />
          )}
          {view.state === "erased" && <ErasedData erased={view.erased} labels={view.labels} />}
        </Stack>
      </Card>
    </Container>
  );
}

function InvalidLink() {
  return (
    <>
      <Alert color="red" variant="light" role="alert">
        {PRIVACY_MESSAGES.invalidLink}
      </Alert>
      <Group>
        <LinkButton to="/data-deletion-request" color="brand.8">
          {WORDS.newLink}
        </LinkButton>
      </Group>
    </>
  );
}

function CountList({ counts, labels, label }: { counts: ErasedCounts; labels?: CountLabels; label: string }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz="lg" c="ink.9">
        {label}
      </Title>
      <ul className={classes.list}>
        {countLines(counts, labels).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Stack>
  );
}

function HeldData({ held, token, onErased, onInvalid }: { held: HeldRecords; token: string; onErased: (answer: EraseAnswer) => void; onInvalid: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [eraseError, setEraseError] = useState<string | null>(null);
  const [mailAgain, setMailAgain] = useState(false);
  const confirmation = useDeferred(eraseConfirmation);
  const holdsData = held.records.length > 0 || countLines(held.counts, held.countLabels).length > 0 || held.mailStopped !== undefined;
  // the records listed so far, a page at a time: "Show more" asks for the page after the last one shown
  const [listed, setListed] = useState<{ records: RecordSummary[]; next: string | null }>({ records: held.records, next: held.next ?? null });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const total = Object.values(held.counts).reduce((sum, n) => sum + n, 0);

  async function showMore() {
    if (!listed.next) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await postJson<HeldRecords>(MY_DATA_API.records, { token, cursor: listed.next }, { fallbackMessage: PRIVACY_MESSAGES.failed });
      setListed((before) => ({ records: [...before.records, ...page.records], next: page.next ?? null }));
    } catch (cause) {
      // a 400 is the link gone (expired meanwhile), unless it is the cursor that was refused
      if (isInvalidLink(cause) && (cause as ApiError).message !== PRIVACY_MESSAGES.badCursor) onInvalid();
      else setMoreError(cause instanceof ApiError && cause.message === PRIVACY_MESSAGES.badCursor ? cause.message : PRIVACY_MESSAGES.failed);
    } finally {
      setLoadingMore(false);
    }
  }

  async function download() {
    setDownloading(true);
    setError(null);
    try {
      const data = await postJson<unknown>(MY_DATA_API.export, { token }, { fallbackMessage: PRIVACY_MESSAGES.failed });
      // a large download is a short-lived link to the same file in the bucket, which the browser saves (an attachment)
      if (isDownloadLink(data)) downloadFrom(data.url, MY_DATA_FILE);
      else downloadText(JSON.stringify(data, null, 2), MY_DATA_FILE, "application/json;charset=utf-8");
    } catch (cause) {
      if (isInvalidLink(cause)) onInvalid();
      else setError(PRIVACY_MESSAGES.failed);
    } finally {
      setDownloading(false);
    }
  }

  async function erase() {
    setErasing(true);
    setEraseError(null);
    try {
      // retried with one idempotency key: a retry of an erasure that happened answers it, not "link used"
      const answer = await sendOnce<EraseAnswer>(MY_DATA_API.erase, async () => ({ token, ...(mailAgain ? { mailAgain } : {}) }), PRIVACY_MESSAGES.failed);
      setConfirming(false);
      onErased(answer);
    } catch (cause) {
      if (isInvalidLink(cause)) {
        setConfirming(false);
        onInvalid();
      } else setEraseError(PRIVACY_MESSAGES.failed);
    } finally {
      setErasing(false);
    }
  }

  return (
    <>
      <Stack gap={4}>
        <Text c="ink.7">{WORDS.address}</Text>
        <Text fw={700} c="ink.9" fz="lg" style={{ overflowWrap: "anywhere" }}>
          {held.email}
        </Text>
        {formatMoment(held.validUntil) && (
          <Text c="ink.7" fz="sm">
            {WORDS.validUntil(formatMoment(held.validUntil))}
          </Text>
        )}
      </Stack>
      {holdsData ? (
        <>
          <CountList counts={held.counts} labels={held.countLabels} label={WORDS.countsTitle} />
          <Stack gap={4}>
            <Title order={2} fz="lg" c="ink.9">
              {WORDS.recordsTitle}
            </Title>
            <ul className={classes.recordList}>
              {listed.records.map((record, index) => (
                <li key={`${record.kind}-${record.createdAt}-${index}`}>
                  <Text component="span" c="ink.9">
                    {record.label}
                  </Text>
                  <Text component="time" dateTime={record.createdAt} c="ink.7" fz="sm">
                    {formatDay(record.createdAt)}
                  </Text>
                </li>
              ))}
            </ul>
            {listed.next && (
              <Stack gap="xs" align="flex-start">
                <Text c="ink.7" fz="sm" role="status">
                  {WORDS.shown(listed.records.length, total)}
                </Text>
                <Button onClick={showMore} loading={loadingMore} color="brand.8" variant="light">
                  {WORDS.showMore}
                </Button>
              </Stack>
            )}
            {moreError && (
              <Alert color="red" variant="light" role="alert">
                {moreError}
              </Alert>
            )}
          </Stack>
          {held.mailStopped && (
            <Stack gap={4} aria-label={WORDS.mailStoppedTitle}>
              <Title order={2} fz="lg" c="ink.9">
                {WORDS.mailStoppedTitle}
              </Title>
              <Text c="ink.8">{WORDS.mailStopped(MAIL_STOPPED_REASONS[held.mailStopped.reason], formatDay(held.mailStopped.at))}</Text>
              <Text c="ink.7" fz="sm">
                {WORDS.mailStoppedKept}
              </Text>
            </Stack>
          )}
        </>
      ) : (
        <Text c="ink.8" fz="lg" role="status">
          {WORDS.none}
        </Text>
      )}
      <Stack gap="xs">
        <Group>
          <Button onClick={download} loading={downloading} color="brand.8" variant={holdsData ? "outline" : "filled"}>
            {WORDS.download}
          </Button>
          {holdsData && (
            <Button
              onPointerEnter={() => void reachForErase(held).catch(() => undefined)}
              onFocus={() => void reachForErase(held).catch(() => undefined)}
              onClick={() =>
                reachForErase(held).then(
                  () => setConfirming(true),
                  () => setError(PRIVACY_MESSAGES.failed),
                )
              }
              color="red.8"
            >
              {WORDS.erase}
            </Button>
          )}
        </Group>
        <Text c="ink.7" fz="sm">
          {WORDS.downloadHelp}
          {holdsData && ` ${WORDS.eraseHelp}`}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
      {confirmation && (
        <confirmation.EraseConfirmation
          opened={confirming}
          counts={held.counts}
          labels={held.countLabels}
          erasing={erasing}
          error={eraseError}
          offerMailAgain={held.mailStopped !== undefined}
          mailAgain={mailAgain}
          onMailAgain={setMailAgain}
          onCancel={() => setConfirming(false)}
          onConfirm={erase}
        />
      )}
    </>
  );
}

/** The erasure job's progress view, loaded before the erase was confirmed (else a loader until it is here). */
function Erasing(props: Parameters<typeof import("./ErasingData").ErasingData>[0]) {
  const loaded = useDeferred(erasingData);
  useEffect(() => void erasingData.load().catch(() => undefined), []);
  if (!loaded) return <Loader color="brand.7" aria-label={WORDS.erasingLabel} />;
  return <loaded.ErasingData {...props} />;
}

function ErasedData({ erased, labels }: { erased: ErasedCounts; labels?: CountLabels }) {
  const lines = countLines(erased, labels);
  return (
    <>
      <Text c="ink.8" fz="lg" lh={1.6} role="status">
        {lines.length ? WORDS.erasedText : WORDS.erasedNothing}
      </Text>
      {lines.length > 0 && <CountList counts={erased} labels={labels} label={WORDS.erasedCountsTitle} />}
      <Group>
        <LinkButton to="/" variant="default">
          {WORDS.home}
        </LinkButton>
      </Group>
    </>
  );
}
