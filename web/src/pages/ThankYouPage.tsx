import { Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { PageLoader } from "../components/PageLoader";
import { PetitionProgress } from "../components/PetitionProgress";
import { LatePetitionUnavailable as PetitionUnavailable } from "../components/LatePetitionUnavailable";
import { Toast } from "../components/Toast";
import { IconHeart } from "../components/icons";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import { usePetition } from "../hooks/usePetition";
import { useTimedMessage } from "../hooks/useTimedMessage";
import { copyText } from "../lib/clipboard";
import { TOAST_MS, sharePath } from "../site";

export function ThankYouPage() {
  const { id } = useParams<{ id: string }>();
  const { data: petition, error } = usePetition(id);
  const [toast, showToast] = useTimedMessage(TOAST_MS);
  useDocumentTitle("Thank You for Signing!");

  if (error && !petition) return <PetitionUnavailable error={error} />;
  if (!petition || !id) return <PageLoader label="Loading petition..." />;

  const invite = async () => {
    try {
      await copyText(`${window.location.origin}/`);
      showToast("Invitation link copied! Share with your friends to join the cause!");
    } catch (cause) {
      console.error("Copy failed:", cause);
      showToast("Could not copy the link. Please share this site's address with your friends.");
    }
  };

  return (
    <Container size="sm" py={{ base: 48, md: 88 }}>
      <Stack gap="xl" align="stretch">
        <Stack gap="sm" align="center" ta="center">
          <IconHeart size={48} color="#E0AC3F" />
          <Title order={1} c="ink.9" fz={{ base: 30, sm: 42 }}>
            Thank You for Signing!
          </Title>
          <Text fz="lg" c="ink.7">
            Your name is now part of “{petition.title}”. Every voice brings us closer to fair rules for timeshare owners.
          </Text>
        </Stack>
        <Card withBorder padding="xl" radius="lg" shadow="sm">
          <PetitionProgress petition={petition} />
        </Card>
        <Group justify="center" gap="md">
          <Button size="lg" radius="xl" onClick={invite}>
            Invite a Friend
          </Button>
          <Button component={Link} to={sharePath(id)} size="lg" radius="xl" variant="default">
            Share on Social Media
          </Button>
        </Group>
      </Stack>
      <Toast message={toast} />
    </Container>
  );
}
