import { Button, Card, Container, CopyButton, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import { PageLoader } from "../components/PageLoader";
import { PetitionProgress } from "../components/PetitionProgress";
import { LatePetitionUnavailable as PetitionUnavailable } from "../components/LatePetitionUnavailable";
import { Toast } from "../components/Toast";
import { IconLink, IconShare } from "../components/icons";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import { usePetition } from "../hooks/usePetition";
import { useTimedMessage } from "../hooks/useTimedMessage";
import { copyText } from "../lib/clipboard";
import { embedCode, shareUrl, signUrl, type ShareNetwork } from "../lib/share";
import { SHARE_DESCRIPTION, SHARE_TEXT, TOAST_MS, signPath } from "../site";

const NETWORKS: { network: ShareNetwork; label: string; color: string }[] = [
  // Facebook's own blue (#1877F2) reaches only 4.2:1 with white text; a shade darker passes AA.
  { network: "facebook", label: "Facebook", color: "#1464D8" },
  { network: "twitter", label: "Twitter", color: "#0f1419" },
  { network: "linkedin", label: "LinkedIn", color: "#0A66C2" },
];

export function SharePage() {
  const { id } = useParams<{ id: string }>();
  const { data: petition, error } = usePetition(id);
  const [toast, showToast] = useTimedMessage(TOAST_MS);
  const [link, setLink] = useState(() => (id ? signPath(id) : ""));
  useDocumentTitle("Spread the Word");

  useEffect(() => {
    if (id) setLink(signUrl(window.location.origin, id));
  }, [id]);

  if (error && !petition) return <PetitionUnavailable error={error} />;
  if (!petition || !id) return <PageLoader label="Loading petition..." />;

  const openShare = (network: ShareNetwork) => {
    window.open(shareUrl(network, signUrl(window.location.origin, id)), "_blank", "noopener,noreferrer");
  };

  const copyLink = async () => {
    try {
      await copyText(signUrl(window.location.origin, id));
      showToast("Link copied to clipboard!");
    } catch (cause) {
      console.error("Copy failed:", cause);
      showToast("Could not copy the link. Please copy it from the box above.");
    }
  };

  return (
    <Container size="md" py={{ base: 40, md: 72 }}>
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <IconShare size={40} color="#01BD9B" />
          <Title order={1} c="ink.9" fz={{ base: 28, sm: 38 }}>
            Spread the Word—Every Signature Counts!
          </Title>
          <Text c="dimmed" fz="lg">
            {petition.title}
          </Text>
        </Stack>
        <Card withBorder padding="xl" radius="lg">
          <PetitionProgress petition={petition} />
        </Card>
        <Card withBorder padding="xl" radius="lg" bg="gray.0">
          <Stack gap="sm">
            <Text fw={800} fz="lg" c="ink.9">
              {SHARE_TEXT}
            </Text>
            <Text c="ink.7">{SHARE_DESCRIPTION}</Text>
            <Text
              fz="sm"
              ff="monospace"
              c="brand.9"
              bg="white"
              p="xs"
              style={{ borderRadius: 6, wordBreak: "break-all", border: "1px solid var(--mantine-color-gray-3)" }}
              data-testid="sign-link"
            >
              {link}
            </Text>
          </Stack>
        </Card>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
          {NETWORKS.map(({ network, label, color }) => (
            <Button key={network} color={color} size="md" onClick={() => openShare(network)}>
              {label}
            </Button>
          ))}
          <Button size="md" variant="outline" leftSection={<IconLink size={18} />} onClick={copyLink}>
            Copy Link
          </Button>
        </SimpleGrid>
        <Group justify="center">
          <Text fz="sm" c="dimmed">
            Counts update automatically as new signatures arrive.
          </Text>
        </Group>
        <EmbedCode id={id} title={petition.title} />
      </Stack>
      <Toast message={toast} />
    </Container>
  );
}

/**
 * The `<iframe>` snippet of the petition's widget (docs/public-api.md), for other sites to paste. It
 * names this site's origin, so it is written once the page runs (the prerendered page leaves it out).
 */
function EmbedCode({ id, title }: { id: string; title: string }) {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const code = origin ? embedCode(origin, id, title) : "";
  return (
    <Card withBorder padding="xl" radius="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg" c="ink.9">
          Show the count on your website
        </Title>
        <Text c="ink.7">Paste this code into your page: it shows the live count and a button to sign, with no cookies and no tracking.</Text>
        <Text
          fz="sm"
          ff="monospace"
          c="ink.9"
          bg="gray.0"
          p="xs"
          mih={72}
          style={{ borderRadius: 6, wordBreak: "break-all", border: "1px solid var(--mantine-color-gray-3)" }}
          data-testid="embed-code"
        >
          {code}
        </Text>
        <Group>
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Button variant="outline" onClick={copy} disabled={!origin}>
                {copied ? "Embed code copied" : "Copy embed code"}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  );
}
