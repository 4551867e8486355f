import type { Template } from "aws-cdk-lib/assertions";

/** Small readers for a synthesized CloudFormation template. */

type Props = Record<string, any>;
export interface Resource {
  Type: string;
  Properties: Props;
}

export const resources = (t: Template) => t.toJSON().Resources as Record<string, Resource>;

export const ofType = (t: Template, type: string) => Object.entries(resources(t)).filter(([, r]) => r.Type === type);

/** `{ "Fn::GetAtt": [id, attr] }` or `{ Ref: id }` → id. */
export function refId(value: Props): string {
  const id = value["Fn::GetAtt"]?.[0] ?? value.Ref;
  if (typeof id !== "string") throw new Error(`Not a reference: ${JSON.stringify(value)}`);
  return id;
}

/** Logical ID of the function an HTTP API route invokes. */
export function routeFunctionId(t: Template, routeKey: string): string {
  const route = ofType(t, "AWS::ApiGatewayV2::Route").find(([, r]) => r.Properties.RouteKey === routeKey);
  if (!route) throw new Error(`No route "${routeKey}"`);
  const [, parts] = route[1].Properties.Target["Fn::Join"];
  const integration = resources(t)[refId(parts[1])];
  return refId(integration.Properties.IntegrationUri);
}

export const environmentOf = (t: Template, functionId: string): Record<string, unknown> => resources(t)[functionId].Properties.Environment?.Variables ?? {};

/** Every IAM action granted to a function's role by the policies in the same template. */
export function actionsOf(t: Template, functionId: string): string[] {
  const roleId = refId(resources(t)[functionId].Properties.Role);
  return ofType(t, "AWS::IAM::Policy")
    .filter(([, p]) => p.Properties.Roles.some((r: Props) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
    .flatMap((s: Props) => [s.Action].flat());
}

/** Every IAM policy statement granted to a function's role by the policies in the same template. */
export function statementsOf(t: Template, functionId: string): Props[] {
  const roleId = refId(resources(t)[functionId].Properties.Role);
  return ofType(t, "AWS::IAM::Policy")
    .filter(([, p]) => p.Properties.Roles.some((r: Props) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}
