import type { PublicAlert } from "@site/core/alerts/types";
import { ALERT } from "../../content/scam-alerts";
import classes from "./ScamAlerts.module.css";

const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });

/** "2026-03-10" (a New York day, as the API gives it) → "March 10, 2026". */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** The identifiers an alert names, as the administrator wrote them. */
export function AlertIdentifiers({ alert }: { alert: Pick<PublicAlert, "identifiers"> }) {
  return (
    <ul className={classes.identifiers} aria-label={ALERT.identifiersTitle}>
      {alert.identifiers.map((i) => (
        <li key={`${i.type}:${i.shown}`} className={classes.identifier}>
          {i.shown}
        </li>
      ))}
    </ul>
  );
}
