import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { formatDateTimeNY } from "../../lib/format";
import { discardHeldMail, releaseHeldMail, useHeldMail } from "../api/heldMail";

export const HELD_MAIL_TITLE = "E-mail waiting for your review";
export const ALLOW_LABEL = "Allow this domain";
export const ALLOW_NETWORK_LABEL = "Allow this network";
export const DISCARD_LABEL = "Discard";
const ACTION_FAILED = "Failed to update the held e-mail. Please try again.";

/**
 * Lists, on the dashboard, the domains whose visitor e-mail the brake holds, and the networks whose forms
 * asked for more than their hour's allowance (core/mail/domain-brake.ts): how many e-mails wait, since
 * when and why. Allowing a domain or network sends them and stops braking it;
 * discarding deletes them (the signatures and submissions stay). Nothing shows while nothing waits.
 */
export function HeldMailCard() {
  const { data, mutate } = useHeldMail("Failed to load the held e-mail");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const domains = data?.domains ?? [];
  if (domains.length === 0) return null;
  const act = async (domain: string, action: typeof releaseHeldMail | typeof discardHeldMail) => {
    setBusy(domain);
    setError(null);
    try {
      await action({ domain }, ACTION_FAILED);
    } catch (err) {
      setError((err as Error).message || ACTION_FAILED);
    } finally {
      setBusy(null);
      await mutate();
    }
  };
  return (
    <Alert color="yellow" variant="light" title={HELD_MAIL_TITLE}>
      <Stack gap="sm">
        {domains.map((d) => (
          <div key={d.domain}>
            <Text size="sm">
              <strong>{d.domain}</strong>: {d.held.toLocaleString("en-US")} e-mail{d.held === 1 ? "" : "s"} held since {formatDateTimeNY(d.firstHeldAt)},
              because {d.reason}.{" "}
              {d.network
                ? "Many forms from one network can be one person spending the site's e-mail; a campus or an office whose people sign together is not."
                : "Made-up addresses at one domain are a way to spend the site's e-mail; a company or a school whose people sign together is not."}
            </Text>
            <Group mt="xs">
              <Button
                size="xs"
                loading={busy === d.domain}
                disabled={busy !== null}
                onClick={() => void act(d.domain, releaseHeldMail)}
                aria-label={`${d.network ? ALLOW_NETWORK_LABEL : ALLOW_LABEL} ${d.domain}`}
              >
                {d.network ? ALLOW_NETWORK_LABEL : ALLOW_LABEL}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={busy !== null}
                onClick={() => void act(d.domain, discardHeldMail)}
                aria-label={`${DISCARD_LABEL} the e-mail held for ${d.domain}`}
              >
                {DISCARD_LABEL}
              </Button>
            </Group>
          </div>
        ))}
        {error && (
          <Text size="sm" c="red.8">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
