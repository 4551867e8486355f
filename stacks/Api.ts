import { createHash } from "node:crypto";
import { RemovalPolicy } from "aws-cdk-lib";
import { ManagedPolicy, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { HttpRoute, type CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import { Api as HttpApi, Function as SstFunction, use, type ApiRouteProps, type FunctionProps, type Stack, type StackContext } from "sst/constructs";
import { isPublicWrite, routeKey, routes, type Route } from "../packages/functions/src/routes";
import { checkReservedConcurrency } from "./concurrency";
import { deploySettings } from "./deploy-settings";
import { Auth } from "./Auth";
import { Events } from "./Events";
import { REHEARSAL_ROUTES, lambdaFaults, withLambdaFaults, type LambdaFaults } from "./fault-switch";
import { functionProps } from "./function-props";
import { Storage } from "./Storage";

export function Api({ stack, app }: StackContext) {
  const { table, bucket, secrets, mailConfigurationSet, privacyMailConfigurationSet } = use(Storage);
  const { auth } = use(Auth);
  const { bus } = use(Events);
  const limits = deploySettings(app.stage);

  // CloudFront adds it to every /api/* request (stacks/Web.ts); handlers trust the viewer's address
  // and location only next to it, so calling the execute-api URL directly cannot forge them.
  const originSecret = new Secret(stack, "OriginSecret", {
    description: "Proves to the API that a request came through the site's CloudFront distribution",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
    removalPolicy: RemovalPolicy.DESTROY,
  });

  const publicRoutes = routes.filter((r) => r.access !== "admin");
  // a stage that rehearses faults: the FIS Lambda extension on the experiments' target functions (fault-switch.ts)
  const faults = lambdaFaults(stack);
  const { apiRoutes, reserved } = routeFunctions(
    stack,
    publicRoutes,
    { table, bucket, bus, auth, secrets, mailConfigurationSet, privacyMailConfigurationSet, originSecret },
    limits,
    faults,
  );

  // the admin routes reserve nothing (AdminApi.ts): the public routes hold every reservation
  checkReservedConcurrency(reserved, limits.LAMBDA_CONCURRENCY_QUOTA, limits.LAMBDA_SURGE_ROOM);

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
    defaults: { throttle: { rate: limits.API_THROTTLE_RATE, burst: limits.API_THROTTLE_BURST } },
    // SST's default format: time, route, path (no query string), status, latency, IP and user agent.
    // Kept a month like the functions' logs (sst.config.ts); no route takes an e-mail in its path.
    accessLog: { retention: "one_month" },
    routes: apiRoutes,
  });

  // Public write routes get a tighter limit than the stage default, signing and the beacon their own. The
  // stage names those routes, so CloudFormation must create them first. (RouteSettings is raw JSON:
  // CloudFormation's casing.)
  const stage = api.cdk.httpApi.defaultStage!.node.defaultChild as CfnStage;
  stage.routeSettings = Object.fromEntries([
    ...routes
      .filter((r) => isPublicWrite(r) && !r.surge)
      .map((r) => [routeKey(r), { ThrottlingRateLimit: limits.API_PUBLIC_WRITE_THROTTLE_RATE, ThrottlingBurstLimit: limits.API_PUBLIC_WRITE_THROTTLE_BURST }]),
    ...routes
      .filter((r) => r.surge)
      .map((r) => [routeKey(r), { ThrottlingRateLimit: limits.API_SIGN_THROTTLE_RATE, ThrottlingBurstLimit: limits.API_SIGN_THROTTLE_BURST }]),
    ...routes
      .filter((r) => r.beacon)
      .map((r) => [routeKey(r), { ThrottlingRateLimit: limits.API_BEACON_THROTTLE_RATE, ThrottlingBurstLimit: limits.API_BEACON_THROTTLE_BURST }]),
  ]);
  for (const route of api.node.findAll().filter((c) => c instanceof HttpRoute)) stage.node.addDependency(route);

  stack.addOutputs({ ApiUrl: api.url });

  return { api, originSecret, faults };
}

type Bindings = Parameters<typeof functionProps>[1];

/**
 * The functions of `these` routes, in `stack`: what an SST Api takes as its routes, and each
 * function's reserved concurrency. Routes that declare the same needs share one execution role (a
 * role and its policy would be two more resources a route, and CloudFormation takes at most 500 a
 * stack); each function still gets exactly what its route declares (the same rights as its own role
 * had). Routes of one handler module with the same needs share one function (the petition's three
 * pages).
 */
export function routeFunctions(stack: Stack, these: readonly Route[], bindings: Bindings, limits: ReturnType<typeof deploySettings>, faults?: LambdaFaults) {
  const roles = new Map<string, Role>();
  const roleFor = (needs: Route["needs"], rehearsed: boolean) => {
    // (a role of a target of the Lambda fault experiments also reads the extension's configuration)
    const key = JSON.stringify(needs) + (rehearsed ? " FIS" : "");
    let role = roles.get(key);
    if (!role) {
      role = new Role(stack, `RouteRole${createHash("sha256").update(key).digest("hex").slice(0, 10)}`, {
        assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole")],
      });
      roles.set(key, role);
    }
    return role;
  };

  const apiRoutes: Record<string, ApiRouteProps<"cognito">> = {};
  const shared = new Map<string, SstFunction>();
  const sharing = (r: Route) => these.filter((o) => o.handler === r.handler).length > 1;
  /** Each function's reserved concurrency (a shared function once), checked against the account's quota. */
  const reserved = new Map<string, number>();
  const publicReservation = (r: Route) => (r.quiet ? limits.PUBLIC_QUIET_RESERVED_CONCURRENCY : limits.PUBLIC_WRITE_RESERVED_CONCURRENCY);
  for (const r of these) {
    const rehearsed = (REHEARSAL_ROUTES as readonly string[]).includes(routeKey(r)) ? faults : undefined;
    const fn: FunctionProps = withLambdaFaults(
      {
        handler: r.handler,
        role: roleFor(r.needs, Boolean(rehearsed)),
        ...(r.timeout ? { timeout: r.timeout } : {}),
        // Each function gets only what its route declares (function-props.ts).
        ...functionProps(r.needs, bindings),
        ...(r.surge
          ? {
              memorySize: limits.SIGN_MEMORY_MB,
              ...(limits.SIGN_RESERVED_CONCURRENCY ? { reservedConcurrentExecutions: limits.SIGN_RESERVED_CONCURRENCY } : {}),
            }
          : isPublicWrite(r) && publicReservation(r)
            ? { reservedConcurrentExecutions: publicReservation(r) }
            : {}),
      },
      rehearsed,
    );
    const key = JSON.stringify([r.handler, r.needs, r.timeout, r.surge, isPublicWrite(r)]);
    if (fn.reservedConcurrentExecutions) reserved.set(sharing(r) ? key : routeKey(r), fn.reservedConcurrentExecutions);
    if (sharing(r) && !shared.has(key)) {
      const name = r.handler.replace(/^.*\/|\.handler$/g, "").replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
      shared.set(key, new SstFunction(stack, `${name}Function${shared.size}`, fn));
    }
    apiRoutes[routeKey(r)] = {
      function: sharing(r) ? shared.get(key)! : fn,
      // The JWT authorizer only proves who the caller is; handlers still require the admin group.
      authorizer: r.access === "admin" ? "cognito" : "none",
    };
  }
  return { apiRoutes, reserved };
}
