import { Duration, Stack, Token } from "aws-cdk-lib";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { StringParameter } from "aws-cdk-lib/aws-ssm";
import type { IConstruct } from "constructs";
import type { App, FunctionProps } from "sst/constructs";
import { deploySettings } from "./deploy-settings";

/**
 * What a fault-rehearsing stage (FAULT_REHEARSALS=on, docs/architecture.md "Faults", "Rehearsing
 * deployed") puts beside its functions, before the experiments themselves (Faults.ts): the parameter
 * every function reads its FAULTS from, and the FIS Lambda extension on the functions the Lambda
 * experiments target. Off, nothing here creates anything and no function changes.
 */

/** The parameter's value between experiments: no fault (SSM refuses an empty String parameter). */
export const NO_FAULTS = "none";

/**
 * The functions the Lambda experiments fail and delay: the busy public forms of `npm run bench:faults`'s
 * load (signing on both kinds of petition, a report with its evidence, a guide, a newsletter
 * confirmation) and the privacy erasure.
 */
export const REHEARSAL_ROUTES = [
  "POST /api/petitions/{id}/signatures",
  "POST /api/petitions/{id}/signatures/{signatureId}/confirm",
  "POST /api/reports/uploads",
  "POST /api/reports",
  "POST /api/leads/{form}",
  "POST /api/newsletter/confirm",
  "POST /api/privacy/erase",
] as const;

/** The folder of the configuration bucket FIS writes the active faults to and the extension reads. */
export const FIS_CONFIG_PREFIX = "FisConfigs/";
/** The extension's wrapper script, which its layer puts in /opt (AWS FIS user guide, "Configure Lambda functions"). */
export const FIS_EXEC_WRAPPER = "/opt/aws-fis/bootstrap";

export const rehearsesFaults = (stage: string) => deploySettings(stage).FAULT_REHEARSALS === "on";

/** The app and stage of the SST app `scope` is in. */
const appOf = (scope: IConstruct) => scope.node.root as App;

/** `/<app>/<stage>/faults`: one parameter per stage, named without a reference to its stack. */
export const faultsParameterName = (scope: IConstruct) => `/${appOf(scope).name}/${appOf(scope).stage}/faults`;

/** Its ARN, formatted (a parameter named with a leading slash has none doubled in its ARN). */
export const faultsParameterArn = (scope: IConstruct) =>
  Stack.of(scope).formatArn({ service: "ssm", resource: "parameter", resourceName: faultsParameterName(scope).slice(1) });

/**
 * The parameter, on a rehearsing stage. Every function reads it by name (function-props.ts), so no
 * stack imports it: turning rehearsals off removes it without an export in use anywhere.
 */
export function faultsParameter(stack: Stack) {
  if (!rehearsesFaults(appOf(stack).stage)) return undefined;
  return new StringParameter(stack, "FaultsParameter", {
    parameterName: faultsParameterName(stack),
    stringValue: NO_FAULTS,
    description: `The FAULTS this stage's functions inject (packages/core/src/faults/spec.ts); "${NO_FAULTS}" between AWS FIS experiments`,
  });
}

/** A function's share of the parameter, on a rehearsing stage: its name, and reading it alone. */
export function faultsParameterProps(scope: IConstruct) {
  if (!rehearsesFaults(appOf(scope).stage)) return undefined;
  return {
    environment: { FAULTS_PARAMETER: faultsParameterName(scope) },
    permission: new PolicyStatement({ actions: ["ssm:GetParameter"], resources: [faultsParameterArn(scope)] }),
  };
}

/** The FIS Lambda extension on a rehearsing stage: its layer and the bucket of its configuration. */
export interface LambdaFaults {
  layerArn: string;
  bucket: Bucket;
}

/**
 * The bucket FIS and the extension share (one per region, AWS FIS user guide, "Prerequisites"), in the
 * stack of the functions it serves, so that no other stack imports it. FIS deletes a configuration when
 * its action ends; a day's expiry clears one an interrupted experiment left.
 */
export function lambdaFaults(stack: Stack): LambdaFaults | undefined {
  const settings = deploySettings(appOf(stack).stage);
  if (settings.FAULT_REHEARSALS !== "on") return undefined;
  const layerArn = settings.FIS_LAMBDA_EXTENSION_LAYER_ARN!;
  const layerRegion = layerArn.split(":")[3];
  if (!Token.isUnresolved(stack.region) && layerRegion !== stack.region) {
    throw new Error(`Invalid deploy setting: FIS_LAMBDA_EXTENSION_LAYER_ARN names a layer of ${layerRegion}; the stacks deploy to ${stack.region}`);
  }
  const bucket = new Bucket(stack, "FisConfigurations", {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    lifecycleRules: [{ prefix: FIS_CONFIG_PREFIX, expiration: Duration.days(1) }],
  });
  return { layerArn, bucket };
}

/**
 * A target function's props with the extension: its layer, where it reads the faults FIS writes
 * (AWS_FIS_CONFIGURATION_LOCATION, an S3 ARN with the folder) through the wrapper that starts it
 * (AWS_LAMBDA_EXEC_WRAPPER), and reading that folder alone (the user guide's read policy).
 */
export function withLambdaFaults(props: FunctionProps, faults: LambdaFaults | undefined): FunctionProps {
  if (!faults) return props;
  const { bucket, layerArn } = faults;
  return {
    ...props,
    layers: [...(props.layers ?? []), layerArn],
    environment: {
      ...props.environment,
      AWS_FIS_CONFIGURATION_LOCATION: `${bucket.bucketArn}/${FIS_CONFIG_PREFIX}`,
      AWS_LAMBDA_EXEC_WRAPPER: FIS_EXEC_WRAPPER,
    },
    permissions: [
      ...((props.permissions ?? []) as PolicyStatement[]),
      new PolicyStatement({
        actions: ["s3:ListBucket"],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { "s3:prefix": [`${FIS_CONFIG_PREFIX}*`] } },
      }),
      new PolicyStatement({ actions: ["s3:GetObject"], resources: [bucket.arnForObjects(`${FIS_CONFIG_PREFIX}*`)] }),
    ],
  };
}
