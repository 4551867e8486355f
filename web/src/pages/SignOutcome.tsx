import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { UNCONFIRMED_SIGNATURE_DAYS } from "@site/core/policy/retention";
import { Link } from "react-router-dom";
import { IconCheck } from "../components/iconBase";
import type { Petition } from "../lib/api";
import { expectedArrival, type ConfirmationWait } from "../content/confirmation-wait";
import { sharePath } from "../site";

/**
 * What the sign form becomes once the signature is sent (SignPage.tsx): "check your inbox" on a
 * petition that verifies signatures, else the thanks. Loaded when the visitor starts on the form.
 */
export function SignOutcome({ outcome, mail, petition, id }: { outcome: "pending" | "signed"; mail?: ConfirmationWait; petition: Petition; id: string }) {
  if (outcome === "pending") {
    return (
      <Card withBorder padding="xl" radius="lg" shadow="sm" role="status">
        <Stack align="center" ta="center" gap="md">
          <IconCheck size={48} color="#01BD9B" />
          <Title order={2} c="ink.9">
            Check your inbox
          </Title>
          <Text c="ink.7">
            We are sending a confirmation link to your e-mail address. Your signature for “{petition.title}” counts once you open that link and confirm it.
          </Text>
          <Text c="ink.7" data-wait={mail ? mail.seconds : undefined}>
            {expectedArrival(mail)}
          </Text>
          <Text fz="sm" c="dimmed">
            No e-mail? Look in your spam folder. The link works for {UNCONFIRMED_SIGNATURE_DAYS} days from when it is sent.
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder padding="xl" radius="lg" shadow="sm" role="status">
      <Stack align="center" ta="center" gap="md">
        <IconCheck size={48} color="#01BD9B" />
        <Title order={2} c="ink.9">
          Thank you for signing the petition!
        </Title>
        <Text c="dimmed">Your signature for “{petition.title}” has been recorded.</Text>
        <Button component={Link} to={sharePath(id)} variant="light">
          View Petition Progress
        </Button>
      </Stack>
    </Card>
  );
}
