import { Api as HttpApi, use, type ApiRouteProps, type StackContext } from "sst/constructs";
import { routeKey, routes } from "../packages/functions/src/routes";
import { Auth } from "./Auth";
import { Events } from "./Events";
import { functionProps } from "./function-props";
import { Storage } from "./Storage";

export function Api({ stack }: StackContext) {
  const { table, bucket, secrets } = use(Storage);
  const { auth } = use(Auth);
  const { bus } = use(Events);

  const apiRoutes: Record<string, ApiRouteProps<"cognito">> = {};
  for (const r of routes) {
    apiRoutes[routeKey(r)] = {
      function: { handler: r.handler, ...(r.timeout ? { timeout: r.timeout } : {}) },
      // The JWT authorizer only proves who the caller is; handlers still require the admin group.
      authorizer: r.access === "admin" ? "cognito" : "none",
    };
  }

  const api = new HttpApi(stack, "Api", {
    // The browser reaches the API through the site's own CloudFront domain, so no CORS.
    cors: false,
    authorizers: {
      cognito: {
        type: "jwt",
        jwt: {
          issuer: `https://cognito-idp.${stack.region}.amazonaws.com/${auth.userPoolId}`,
          audience: [auth.userPoolClientId],
        },
      },
    },
    defaults: { function: functionProps({ table, bucket, bus, auth, secrets }) },
    routes: apiRoutes,
  });

  stack.addOutputs({ ApiUrl: api.url });

  return { api };
}
