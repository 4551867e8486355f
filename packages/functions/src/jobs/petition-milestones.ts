import { PetitionUpdates } from "@site/core/signature/updates";

/** Scheduled every minute: starts the milestone e-mails of petitions whose count reached a milestone. */
export const handler = () => PetitionUpdates.checkMilestones();
