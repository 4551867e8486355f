import { Alert, Loader, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useIssuePreview } from "../../../api/issues";
import { contentErrors, ISSUE_MESSAGES } from "./issuesApi";

const DEBOUNCE_MS = 400;

/** Links in the preview open in a new tab instead of inside the frame. */
const withBaseTarget = (html: string) => `<base target="_blank">${html}`;

/**
 * The e-mail as subscribers will get it, rendered by the server (the same renderer that sends it)
 * a moment after typing stops, in a sandboxed frame: no scripts, no access to the console.
 */
export function PreviewFrame({ subject, body }: { subject: string; body: string }) {
  const [content] = useDebouncedValue({ subject, body }, DEBOUNCE_MS);
  const valid = Object.keys(contentErrors(content)).length === 0;
  const { data, error, isLoading } = useIssuePreview(valid ? content : null);

  return (
    <Stack gap="xs">
      <Text fz="sm" c="dimmed">
        Subject: <strong>{data?.subject ?? (subject.trim() || "—")}</strong> {isLoading && <Loader size="xs" ml={6} aria-label="Updating the preview" />}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message || ISSUE_MESSAGES.previewFailed}
        </Alert>
      )}
      {!valid && !data && <Text c="dimmed">Write a subject and some text to see the preview.</Text>}
      {data && (
        <iframe
          title="Preview of the e-mail"
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={withBaseTarget(data.html)}
          style={{ width: "100%", minHeight: 520, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8, background: "#f4f6f5" }}
        />
      )}
    </Stack>
  );
}
