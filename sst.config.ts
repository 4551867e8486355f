import type { SSTConfig } from "sst";
import { Storage } from "./stacks/Storage";
import { Auth } from "./stacks/Auth";
import { Events } from "./stacks/Events";
import { Api } from "./stacks/Api";
import { AdminApi } from "./stacks/AdminApi";
import { Web } from "./stacks/Web";
import { Schedules } from "./stacks/Schedules";
import { Faults } from "./stacks/Faults";
import { rehearsesFaults } from "./stacks/fault-switch";

export default {
  config() {
    return { name: "timeshare-advocacy", region: "us-east-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      runtime: "nodejs24.x",
      architecture: "arm_64",
      memorySize: "512 MB",
      timeout: "10 seconds",
      logRetention: "one_month",
      nodejs: { format: "esm" },
    });
    // Production data (table, evidence bucket, user pool) is retained when a stack is removed.
    if (app.stage !== "prod") app.setDefaultRemovalPolicy("destroy");

    app.stack(Storage).stack(Auth).stack(Events).stack(Api).stack(AdminApi).stack(Web).stack(Schedules);
    // A staging stage's AWS FIS experiment templates (FAULT_REHEARSALS=on, stacks/Faults.ts); never prod's.
    if (rehearsesFaults(app.stage)) app.stack(Faults);
  },
} satisfies SSTConfig;
