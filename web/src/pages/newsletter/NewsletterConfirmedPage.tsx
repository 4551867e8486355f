import { Group, Text } from "@mantine/core";
import { LinkButton } from "../../components/page/LinkButton";
import { Failure, NewsletterResult } from "./NewsletterResult";
import { useTokenPost } from "./useTokenPost";

type Confirmed = "confirmed" | "already_confirmed";

/**
 * /newsletter/confirmed?token=…: the confirmation link of the double opt-in e-mail. Opening it
 * confirms the subscription (POST /api/newsletter/confirm); the welcome e-mail follows.
 */
export function NewsletterConfirmedPage() {
  const { result } = useTokenPost<Confirmed>("/api/newsletter/confirm");
  const title = result.state === "failed" ? "We could not confirm your subscription" : "Your subscription is confirmed";
  return (
    <NewsletterResult
      title={result.state === "working" ? "Confirming your subscription" : title}
      working={result.state === "working" ? "Confirming…" : undefined}
    >
      {result.state === "failed" ? (
        <>
          <Failure message={result.message} />
          <Text c="ink.7">
            A confirmation link works once, for 7 days. To subscribe again, tick the newsletter box when you sign the petition, report a scam or ask for one of
            our free guides.
          </Text>
        </>
      ) : (
        <Text c="ink.8" fz="lg" lh={1.6} role="status">
          {result.state === "done" && result.status === "already_confirmed"
            ? "You had already confirmed: you are on our list, and nothing more is needed."
            : "Thank you. Our scam alerts and tips will come to your inbox, starting with a welcome e-mail. Every e-mail we send has a link to unsubscribe in one click."}
        </Text>
      )}
      <Group>
        <LinkButton to="/timeshare-scam-checklist" color="brand.8">
          Get the free scam checklist
        </LinkButton>
        <LinkButton to="/" variant="default">
          Go to Home
        </LinkButton>
      </Group>
    </NewsletterResult>
  );
}
