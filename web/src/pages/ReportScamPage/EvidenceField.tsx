import { Button, FileInput, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { acceptAttribute, EVIDENCE_EXTENSIONS, type EvidencePurpose } from "@site/core/evidence/limits";
import type { UploadedEvidence } from "@site/core/report/draft";
import { useEffect, useRef, useState } from "react";
import { IconFile } from "../../components/icons";
import { EVIDENCE } from "../../content/report-scam";
import { ApiError } from "../../lib/api";
import { evidenceFileProblem, uploadEvidence } from "./uploadEvidence";
import type { FieldProps } from "./wizardForm";

const sizeFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${sizeFormat.format(Math.max(bytes, 1) / 1024)} KB` : `${sizeFormat.format(bytes / 1024 / 1024)} MB`;

const failure = (cause: unknown) =>
  EVIDENCE.failed(cause instanceof ApiError || cause instanceof Error ? cause.message || EVIDENCE.unknownError : EVIDENCE.unknownError);

interface Uploading {
  fileName: string;
  /** Percent, 0 to 100. */
  percent: number;
}

/**
 * One upload point: a file picker limited to the point's types, checked for type and size before
 * anything is sent, uploaded at once with its progress shown, then listed with a Remove button.
 * The draft keeps the uploaded file's reference; a file still uploading is the component's own.
 */
export function EvidenceField(props: {
  purpose: EvidencePurpose;
  label: string;
  value: UploadedEvidence | undefined;
  onChange: (value: UploadedEvidence | undefined) => void;
  onBusy: (busy: boolean) => void;
  field: FieldProps;
}) {
  const { purpose, value, onChange, onBusy, field } = props;
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const resetPicker = useRef<() => void>(null);
  const busy = useRef(onBusy);
  busy.current = onBusy;

  // Leaving the step (or the page) cancels an upload in progress.
  useEffect(
    () => () => {
      if (upload.current) {
        upload.current.abort();
        upload.current = null;
        busy.current(false);
      }
    },
    [],
  );

  async function choose(file: File | null) {
    resetPicker.current?.(); // so choosing the same file again is a change too
    setProblem(null);
    if (!file) return;
    const refused = evidenceFileProblem(file, purpose);
    if (refused) {
      setProblem(refused);
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setUploading({ fileName: file.name, percent: 0 });
    busy.current(true);
    try {
      const uploaded = await uploadEvidence(file, purpose, {
        signal: controller.signal,
        onProgress: (fraction) => setUploading({ fileName: file.name, percent: Math.round(fraction * 100) }),
      });
      if (!controller.signal.aborted) onChange(uploaded);
    } catch (cause) {
      if (!controller.signal.aborted) setProblem(failure(cause));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setUploading(null);
        busy.current(false);
      }
    }
  }

  function cancel() {
    upload.current?.abort();
    upload.current = null;
    setUploading(null);
    busy.current(false);
  }

  return (
    <Stack gap="xs">
      <FileInput
        id={field.id}
        label={props.label}
        size="md"
        description={EVIDENCE.help(EVIDENCE_EXTENSIONS[purpose])}
        placeholder={value ? EVIDENCE.replace : EVIDENCE.choose}
        accept={acceptAttribute(purpose)}
        value={null}
        onChange={(file) => void choose(file)}
        resetRef={resetPicker}
        error={problem ?? field.error}
        disabled={field.disabled || uploading !== null}
        leftSection={<IconFile size={18} />}
        leftSectionPointerEvents="none"
      />
      {uploading && (
        <Paper withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fz="sm" c="ink.8" truncate>
                {EVIDENCE.uploading(uploading.fileName)} ({uploading.percent}%)
              </Text>
              <Button variant="subtle" color="ink.8" size="compact-sm" onClick={cancel}>
                {EVIDENCE.cancel}
              </Button>
            </Group>
            <Progress value={uploading.percent} color="brand.8" aria-label={EVIDENCE.progressLabel(uploading.fileName)} />
          </Stack>
        </Paper>
      )}
      {value && !uploading && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600} c="ink.9" truncate>
                {value.fileName}
              </Text>
              <Text fz="xs" c="ink.7">
                {EVIDENCE.uploaded} · {formatSize(value.size)}
              </Text>
            </div>
            <Button
              variant="outline"
              color="red.8"
              size="compact-sm"
              onClick={() => onChange(undefined)}
              disabled={field.disabled}
              aria-label={EVIDENCE.removeLabel(value.fileName)}
            >
              {EVIDENCE.remove}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
