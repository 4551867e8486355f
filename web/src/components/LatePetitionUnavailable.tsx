import { useEffect } from "react";
import type { ApiError } from "../lib/api";
import { deferred, useDeferred } from "../lib/deferred";
import { PageLoader } from "./PageLoader";

/** What a petition's page shows when its petition cannot be had (PetitionUnavailable.tsx), loaded only then. */
const view = deferred(() => import("./PetitionUnavailable"));

export function LatePetitionUnavailable({ error }: { error: ApiError }) {
  const loaded = useDeferred(view);
  useEffect(() => {
    if (!loaded) view.load().catch((cause) => console.error("The page could not be shown:", cause));
  }, [loaded]);
  return loaded ? <loaded.PetitionUnavailable error={error} /> : <PageLoader label="Loading..." />;
}
