/**
 * `npm run job:petition-milestones`: checks, once, every petition's count against its milestones
 * and starts the e-mails of a milestone reached (what the Schedules stack's cron and `npm start`'s
 * timer do every minute; docs/architecture.md "Updates to signers who ask").
 *
 *   npm run job:petition-milestones -- --local
 *       the running `npm start` stack: the sends run on an in-process bus, their e-mails land in
 *       the local outbox (.data/outbox)
 *   TABLE_NAME=… EVENT_BUS_NAME=… npm run job:petition-milestones
 *       a deployed stage (AWS credentials from the environment): the sends' batches go to its bus
 */
import { parseArgs } from "node:util";
import { PetitionUpdates } from "@site/core/signature/updates";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false } } });

let bus: ReturnType<typeof useLocalStack> | undefined;
if (values.local) bus = useLocalStack();
else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME and EVENT_BUS_NAME of a deployed stage.");
  process.exit(2);
}

try {
  const result = await PetitionUpdates.checkMilestones();
  await bus?.idle();
  console.log(
    result.started.length
      ? `Checked ${result.petitions} petition(s); started ${result.started.join(", ")}.`
      : `Checked ${result.petitions} petition(s) with milestones; none newly reached.`,
  );
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
