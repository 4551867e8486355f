import { settings } from "@site/core/config";
import { Petition } from "@site/core/petition";

/** The petition every "sign" button of the landing page points at; creating it twice is a no-op. */
export function seedDefaultPetition() {
  return Petition.create({
    id: settings().DEFAULT_PETITION_ID,
    title: "Fair Cancellation Rights for Timeshare Owners",
    story:
      "Timeshare owners and their families deserve fair treatment. We call on lawmakers to guarantee fair " +
      "cancellation rights, extend the rescission period from a few days to a meaningful review window, and " +
      "end the automatic inheritance of timeshare debt by surviving family members. Every signature tells " +
      "lawmakers that owners will no longer accept contracts built to trap them.",
    goal: 10000,
    // the local demo petition keeps the spec's immediate "Thank you for signing" flow; petitions
    // created in the console verify signatures by default (docs/architecture.md "Verified signatures")
    verifySignatures: false,
  });
}
