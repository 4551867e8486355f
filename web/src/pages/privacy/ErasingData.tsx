import { Progress, Stack, Text } from "@mantine/core";
import { PRIVACY_MESSAGES, type ErasedCounts } from "@site/core/privacy/answers";
import { useEffect, useRef, useState } from "react";
import { MY_DATA as WORDS } from "../../content/data-requests";
import { ApiError, postJson } from "../../lib/api";
import { formatCount } from "../../lib/format";
import { ERASURE_POLL_MS, MY_DATA_API, erasedPercent, type ErasureProgress, type ErasureStatus } from "./myData";

/**
 * An erasure of many records, run as a job: a progress bar, moved by asking the status route every
 * ERASURE_POLL_MS with the token the erase answer gave, until it says erased (then the same counts
 * as an erasure done at once). A network blip or a server error is asked again at the next poll; a
 * token the server no longer knows ends the polling with a message. A chunk of its own (with
 * Mantine's Progress), fetched when the visitor reaches for "Erase my data": few erasures need it.
 */
export function ErasingData({
  statusToken,
  initial,
  onErased,
  onLost,
}: {
  statusToken: string;
  initial: ErasureProgress;
  onErased: (erased: ErasedCounts) => void;
  onLost: () => void;
}) {
  const [progress, setProgress] = useState(initial);
  const latest = useRef({ onErased, onLost });
  latest.current = { onErased, onLost };

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const status = await postJson<ErasureStatus>(MY_DATA_API.erasureStatus, { statusToken }, { fallbackMessage: PRIVACY_MESSAGES.failed });
        if (stopped) return;
        if (status.status === "erased") return latest.current.onErased(status.erased);
        setProgress(status.progress);
      } catch (cause) {
        if (stopped) return;
        if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500 && cause.status !== 429) return latest.current.onLost();
      }
      timer = setTimeout(() => void poll(), ERASURE_POLL_MS);
    };
    timer = setTimeout(() => void poll(), ERASURE_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [statusToken]);

  const percent = erasedPercent(progress);
  return (
    <>
      <Text c="ink.8" fz="lg" lh={1.6}>
        {WORDS.erasingText}
      </Text>
      <Stack gap={6}>
        <Progress value={percent} color="brand.7" size="lg" radius="xl" striped animated aria-label={WORDS.erasingLabel} />
        <Text c="ink.7" fz="sm">
          {WORDS.erasingProgress(formatCount(progress.completed), formatCount(progress.total))}
        </Text>
      </Stack>
    </>
  );
}
