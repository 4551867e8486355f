import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { Petition } from "../../lib/api";
import { sharePath } from "../../site";
import { adminCall } from "../api/adminCall";
import { route } from "../api/paths";
import { PageHeader } from "../components/PageHeader";
import { AdminCreateInput } from "@site/core/petition/input";
import { fieldErrors as messagesOf } from "@site/core/util/zod";
import { digitsOnly } from "../lib/goal";

export const DEFAULT_GOAL = "1000";
export const CREATE_FALLBACK = "Failed to create petition. Please try again.";
export const NO_DATA = "No data returned from petition creation";

export function CreatePetitionPage() {
  useDocumentTitle("Create Petition");
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [story, setStory] = useState("");
  const [goal, setGoal] = useState(DEFAULT_GOAL);
  const [verifySignatures, setVerifySignatures] = useState(true);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // the server's own schema: the same rules and messages as POST /api/admin/petitions
    const parsed = AdminCreateInput.safeParse({ title, story, goal: digitsOnly(goal), verifySignatures });
    setFieldErrors(parsed.success ? {} : messagesOf(parsed.error));
    setError(null);
    if (!parsed.success) return;
    setBusy(true);
    try {
      const petition = await adminCall<Petition | null>(route("createPetition"), {
        body: parsed.data,
        fallbackMessage: CREATE_FALLBACK,
      });
      if (!petition?.id) throw new Error(NO_DATA);
      void navigate(sharePath(petition.id));
    } catch (cause) {
      const apiFields = (cause as { fields?: Record<string, string> }).fields;
      if (apiFields && Object.keys(apiFields).length > 0) setFieldErrors(apiFields);
      const message = (cause as Error)?.message;
      setError(message && message.trim() ? message : CREATE_FALLBACK);
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="Create Petition"
        subtitle="A new petition gets its own sign and share pages."
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
      />
      <Card withBorder radius="lg" padding="xl">
        <form onSubmit={submit} noValidate aria-label="Create petition">
          <Stack gap="md">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Title"
              name="title"
              required
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={fieldErrors.title}
              disabled={busy}
            />
            <Textarea
              label="Story"
              name="story"
              required
              autosize
              minRows={6}
              maxRows={16}
              size="md"
              value={story}
              onChange={(e) => setStory(e.currentTarget.value)}
              error={fieldErrors.story}
              disabled={busy}
            />
            <TextInput
              label="Goal"
              name="goal"
              required
              inputMode="numeric"
              autoComplete="off"
              description="Number of signatures to collect (at least 1)"
              value={goal}
              onChange={(e) => setGoal(digitsOnly(e.currentTarget.value))}
              error={fieldErrors.goal}
              disabled={busy}
              maw={360}
            />
            <Checkbox
              label="Count only signatures confirmed by e-mail"
              description="Each signer gets a confirmation link; until they open it their signature is shown apart, as awaiting confirmation."
              name="verifySignatures"
              checked={verifySignatures}
              onChange={(e) => setVerifySignatures(e.currentTarget.checked)}
              error={fieldErrors.verifySignatures}
              disabled={busy}
            />
            <Group justify="space-between" mt="sm">
              <Text fz="sm" c="dimmed">
                After creating, you will be taken to its share page.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/admin/petitions" variant="default" disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" size="md" disabled={goal === "" || busy}>
                  {busy ? "Creating..." : "Create Petition"}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
