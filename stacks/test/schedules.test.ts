import { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { EVENT_SOURCE } from "../../packages/functions/src/subscribers";
import { schedules } from "../../packages/functions/src/schedules";
import { Schedules } from "../Schedules";
import { synthesize } from "./synth";
import { ofType } from "./template";

let t: Template;
beforeAll(async () => {
  await synthesize();
  t = Template.fromStack(getStack(Schedules));
});

describe("Schedules", () => {
  it("runs the outbox sweep, the mail queue's drain and the petitions' milestone check every minute", () => {
    expect(
      schedules
        .filter((s) => s.everyMinutes === 1)
        .map((s) => s.name)
        .sort(),
    ).toEqual(["mail-queue-drain", "outbox-sweep", "petition-milestones"]);
    const rules = ofType(t, "AWS::Events::Rule").map(([, r]) => r.Properties);
    expect(rules.filter((r) => r.ScheduleExpression === "rate(1 minute)")).toHaveLength(3);
    // the check reads counts and starts sends through the bus: it sends no mail itself
    expect(schedules.find((s) => s.name === "petition-milestones")?.needs).toEqual({ table: "write", bus: true });
  });

  it("drains the mail queue for less than its function's timeout, with what a drain sends", () => {
    expect(schedules.find((s) => s.name === "mail-queue-drain")).toMatchObject({ timeout: 60, needs: { table: "write", mail: true } });
  });

  it("runs the retention job daily, with a 15-minute timeout", () => {
    expect(schedules.find((s) => s.name === "retention")).toMatchObject({ everyMinutes: 24 * 60, timeout: 900, needs: { table: "write", bucket: "write" } });
    const rules = ofType(t, "AWS::Events::Rule").map(([, r]) => r.Properties);
    expect(rules.filter((r) => r.ScheduleExpression === "rate(1440 minutes)")).toHaveLength(schedules.filter((s) => s.everyMinutes === 24 * 60).length);
    const fns = ofType(t, "AWS::Lambda::Function").map(([, f]) => f.Properties);
    expect(fns.some((f) => f.Timeout === 900)).toBe(true);
  });

  it("sweeps orphaned evidence daily, with a 15-minute timeout", () => {
    expect(schedules.find((s) => s.name === "orphan-evidence-sweep")).toMatchObject({
      handler: "packages/functions/src/jobs/orphan-evidence-sweep.handler",
      everyMinutes: 24 * 60,
      timeout: 900,
    });
  });

  it("acknowledges every event of ours, whatever its type, on the app's bus", () => {
    const rules = ofType(t, "AWS::Events::Rule").map(([, r]) => r.Properties);
    const ack = rules.filter((r) => r.EventPattern);
    expect(ack).toHaveLength(1);
    expect(ack[0].EventPattern).toEqual({ source: [EVENT_SOURCE] });
    expect(JSON.stringify(ack[0].EventBusName)).toMatch(/Bus/);
  });
});
