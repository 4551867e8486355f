import { use, type StackContext } from "sst/constructs";
import { routes } from "../packages/functions/src/routes";
import { Api, routeFunctions } from "./Api";
import { Auth } from "./Auth";
import { deploySettings } from "./deploy-settings";
import { Events } from "./Events";
import { Storage } from "./Storage";

/**
 * The administrators' routes of the one HTTP API, their functions in a stack of their own: one stack
 * holds at most 500 resources (CloudFormation), and each route adds about five (its function, the
 * function's log retention, the integration, the permission, the route). The routes are the API's
 * (`Api.ts`: one URL, one stage, one JWT authorizer); only where CloudFormation keeps them differs.
 */
export function AdminApi({ stack, app }: StackContext) {
  const { table, bucket, secrets, mailConfigurationSet, privacyMailConfigurationSet } = use(Storage);
  const { auth } = use(Auth);
  const { bus } = use(Events);
  const { api, originSecret } = use(Api);
  const adminRoutes = routes.filter((r) => r.access === "admin");
  const bindings = { table, bucket, bus, auth, secrets, mailConfigurationSet, privacyMailConfigurationSet, originSecret };
  const { apiRoutes } = routeFunctions(stack, adminRoutes, bindings, deploySettings(app.stage));
  api.addRoutes(stack, apiRoutes);
}
