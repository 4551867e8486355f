import { SCAM_TYPE_LABELS, type ScamType } from "@site/core/report/catalogue";
import { formatCount } from "../../../lib/format";
import { DetailField, DetailSection } from "../../components/DetailSection";
import { usDate } from "../../lib/reports";
import { AMOUNT_RANGES, countsText, type AlertStats } from "./alerts";

/** What the public page says in figures: counted from the case's reports whose reporters agreed (dates are New York days). */
export function AlertStatsCard({ stats }: { stats: AlertStats }) {
  return (
    <DetailSection title="Public figures">
      <DetailField label="Reports" value={formatCount(stats.reports)} />
      <DetailField label="Scam types" value={countsText(stats.scamTypes, (t) => SCAM_TYPE_LABELS[t as ScamType] ?? t)} />
      <DetailField label="States" value={countsText(stats.states)} />
      <DetailField
        label="Amounts lost"
        value={
          AMOUNT_RANGES.filter((range) => stats.amountRanges[range] > 0)
            .map((range) => `${range === "none" ? "no amount" : range}: ${formatCount(stats.amountRanges[range])}`)
            .join(", ") || "—"
        }
      />
      <DetailField label="First report" value={stats.firstReportAt ? usDate(stats.firstReportAt) : "—"} />
      <DetailField label="Last report" value={stats.lastReportAt ? usDate(stats.lastReportAt) : "—"} />
    </DetailSection>
  );
}
