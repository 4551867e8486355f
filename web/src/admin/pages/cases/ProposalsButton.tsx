import { Badge, Button } from "@mantine/core";
import { Link } from "react-router-dom";
import { formatCount } from "../../../lib/format";
import { useCaseProposals } from "../../api/cases";

/** The way to the proposed links, with how many wait for a decision. */
export function ProposalsButton() {
  const { data } = useCaseProposals();
  const waiting = data?.proposals.length ?? 0;
  const shown = `${formatCount(waiting)}${data?.next ? "+" : ""}`;
  return (
    <Button
      component={Link}
      to="/admin/cases/proposals"
      variant="light"
      rightSection={
        waiting > 0 ? (
          <Badge size="sm" variant="filled" color="red.7" aria-label={`${shown} waiting`}>
            {shown}
          </Badge>
        ) : undefined
      }
    >
      Proposed Links
    </Button>
  );
}
