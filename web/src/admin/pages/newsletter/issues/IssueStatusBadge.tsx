import { Badge } from "@mantine/core";
import { STATUS_COLORS, STATUS_LABELS, type IssueStatus } from "./issuesApi";

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
