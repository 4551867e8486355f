import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { LinkButton } from "../../components/page/LinkButton";
import { request } from "../../lib/api";
import { DoneResult, Failure, NewsletterResult } from "./NewsletterResult";
import { messageOf, useTokenPost } from "./useTokenPost";

type Left = "unsubscribed" | "already_unsubscribed";
type Back = { state: "idle" | "working" } | { state: "done" } | { state: "failed"; message: string };

/**
 * /newsletter/unsubscribe?token=…: the unsubscribe link of every newsletter e-mail. Opening it
 * unsubscribes at once (POST /api/newsletter/unsubscribe) and offers to re-subscribe.
 */
export function NewsletterUnsubscribePage() {
  const { result, token } = useTokenPost<Left>("/api/newsletter/unsubscribe");
  const [back, setBack] = useState<Back>({ state: "idle" });

  if (result.state === "working") return <NewsletterResult title="Unsubscribing" working="Unsubscribing…" />;
  if (result.state === "failed") {
    return (
      <NewsletterResult title="We could not unsubscribe you">
        <Failure message={result.message} />
        <Text c="ink.7">If you keep receiving our e-mails, reply to one of them and we will remove your address by hand.</Text>
      </NewsletterResult>
    );
  }

  async function resubscribe() {
    setBack({ state: "working" });
    try {
      await request("/api/newsletter/resubscribe", { body: { token } });
      setBack({ state: "done" });
    } catch (err) {
      setBack({ state: "failed", message: messageOf(err) });
    }
  }

  if (back.state === "done") {
    return (
      <DoneResult title="Welcome back" message="You are subscribed again. Our scam alerts and tips will come to your inbox, starting with a welcome e-mail." />
    );
  }
  return (
    <NewsletterResult title="You are unsubscribed">
      <Text c="ink.8" fz="lg" lh={1.6} role="status">
        {result.status === "already_unsubscribed"
          ? "You had already unsubscribed: we send no newsletter to this address."
          : "You will receive no more newsletter e-mails from us at this address."}
      </Text>
      <Stack gap="xs">
        <Text c="ink.7">Unsubscribed by mistake?</Text>
        <Group>
          <Button onClick={resubscribe} loading={back.state === "working"} color="brand.8">
            Re-subscribe
          </Button>
          <LinkButton to="/" variant="default">
            Go to Home
          </LinkButton>
        </Group>
        {back.state === "failed" && <Failure message={back.message} />}
      </Stack>
    </NewsletterResult>
  );
}
