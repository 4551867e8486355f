import { Button } from "@mantine/core";
import { useEffect, useState } from "react";
import { US_STATES, isStateCode } from "@site/core/place/us-states";
import { publicCountPath, type PublicCountInfo } from "@site/core/signature/public-count-info";
import { request } from "../../lib/api";
import { formatCount } from "../../lib/format";
import classes from "./PetitionPage.module.css";

/** States shown before "Show all". */
export const TOP_STATES = 10;

/** The states with signatures, most first (then by name), with their names. */
export function stateRows(byState: Record<string, number>): { code: string; name: string; count: number }[] {
  return Object.entries(byState)
    .flatMap(([code, count]) => (isStateCode(code) && count > 0 ? [{ code, name: US_STATES[code], count }] : []))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * The table of signatures by US state, from the petition's public count (docs/public-api.md): its own
 * chunk, loaded only when its section comes near the screen (SignersByStateSlot), so the page's
 * first-load JavaScript does not grow.
 */
export function SignersByState({ petitionId }: { petitionId: string }) {
  const [rows, setRows] = useState<ReturnType<typeof stateRows> | "failed" | undefined>();
  const [all, setAll] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    request<PublicCountInfo>(publicCountPath(petitionId), { signal: controller.signal }).then(
      (info) => setRows(stateRows(info.byState)),
      (error: Error) => error.name !== "AbortError" && setRows("failed"),
    );
    return () => controller.abort();
  }, [petitionId]);

  if (rows === undefined) return <p className={classes.statesNote}>Loading signatures by state…</p>;
  if (rows === "failed") return <p className={classes.statesNote}>Signatures by state are not available right now.</p>;
  if (!rows.length) return <p className={classes.statesNote}>No signatures from a US state yet.</p>;
  const shown = all ? rows : rows.slice(0, TOP_STATES);
  return (
    <>
      <table className={classes.statesTable}>
        <caption className={classes.statesNote}>{all || rows.length <= TOP_STATES ? "Signatures by state" : `Top ${TOP_STATES} states by signatures`}</caption>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Signatures</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.code}>
              <th scope="row">{row.name}</th>
              <td>{formatCount(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > TOP_STATES && (
        <Button variant="subtle" mt="sm" onClick={() => setAll(!all)}>
          {all ? "Show the top states" : `Show all ${rows.length} states`}
        </Button>
      )}
    </>
  );
}
