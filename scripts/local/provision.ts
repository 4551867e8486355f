import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTableCommand, UpdateTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { TABLE_INDEXES } from "../../packages/core/src/db/indexes";

const localCredentials = { accessKeyId: "local", secretAccessKey: "local" };
export const LOCAL_REGION = "us-east-1";

const attr = (AttributeName: string) => ({ AttributeName, AttributeType: "S" as const });

/** The global indexes as the Storage stack defines them (packages/core/src/db/indexes.ts). */
const INDEXES = TABLE_INDEXES.map((i) => ({
  IndexName: i.name,
  KeySchema: [
    { AttributeName: i.pk, KeyType: "HASH" as const },
    { AttributeName: i.sk, KeyType: "RANGE" as const },
  ],
  Projection: typeof i.projection === "string" ? { ProjectionType: i.projection } : { ProjectionType: "INCLUDE" as const, NonKeyAttributes: [...i.projection] },
}));

/** The table's change stream, as the Storage stack defines it: every write's item before and after. */
const TABLE_STREAM = { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" as const };

/**
 * Runs `work` with the table's stream turned off, then on again (a new stream, read from its start),
 * as an operator's UpdateTable would: the local stream reader's test plays it. Not for seeding:
 * after it DynamoDB Local answered every request 10 to 20 times slower (docs/benchmarks.md).
 */
export async function withoutStream<T>(endpoint: string, name: string, work: () => Promise<T>): Promise<T> {
  const ddb = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
  const enabled = (await ddb.send(new DescribeTableCommand({ TableName: name }))).Table?.StreamSpecification?.StreamEnabled;
  if (enabled) await ddb.send(new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: false } }));
  try {
    return await work();
  } finally {
    if (enabled) await ddb.send(new UpdateTableCommand({ TableName: name, StreamSpecification: TABLE_STREAM }));
    ddb.destroy();
  }
}

/**
 * The table as the Storage stack defines it: pk/sk, its global indexes, its stream (`stream: false`:
 * none, for the integration tests' tables, whose stream is their process's writes: write-stream.ts),
 * TTL on expiresAt. A table made by an
 * older version (a local stack's kept data) gets the indexes it lacks, as a deploy would add them.
 */
export async function ensureTable(endpoint: string, name: string, opts: { stream?: boolean } = {}): Promise<void> {
  const stream = opts.stream ?? true;
  const ddb = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
  try {
    const existing = await ddb.send(new DescribeTableCommand({ TableName: name }));
    // the change stream its consumers read (packages/functions/src/streams.ts), on a table made before it
    if (stream && !existing.Table?.StreamSpecification?.StreamEnabled) {
      await ddb.send(new UpdateTableCommand({ TableName: name, StreamSpecification: TABLE_STREAM }));
    }
    const present = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    // one index at a time, as DynamoDB (and a deploy) creates them: a creation refused while the one
    // before is still being built is asked again
    for (const index of INDEXES.filter((i) => !present.has(i.IndexName))) await createIndex(ddb, name, index);
    ddb.destroy();
    return;
  } catch (err) {
    if ((err as Error).name !== "ResourceNotFoundException") throw err;
  }
  await ddb.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [...new Set(["pk", "sk", ...INDEXES.flatMap((i) => i.KeySchema.map((k) => k.AttributeName))])].map(attr),
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: INDEXES,
      ...(stream ? { StreamSpecification: TABLE_STREAM } : {}),
    }),
  );
  await ddb.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true } }));
  ddb.destroy();
}

/** DynamoDB Local builds an index in a few seconds alone, much longer beside a busy test run. */
const INDEX_WAIT_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createIndex(ddb: DynamoDBClient, name: string, index: (typeof INDEXES)[number]): Promise<void> {
  for (const started = Date.now(); ;) {
    try {
      await ddb.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: index.KeySchema.map((k) => attr(k.AttributeName)),
          GlobalSecondaryIndexUpdates: [{ Create: index }],
        }),
      );
      return;
    } catch (err) {
      if ((err as Error).name !== "LimitExceededException" || Date.now() - started > INDEX_WAIT_MS) throw err;
      await sleep(250);
    }
  }
}

export interface UserPool {
  userPoolId: string;
  clientId: string;
}

export function cognitoClient(endpoint?: string) {
  return new CognitoIdentityProviderClient(endpoint ? { endpoint, region: LOCAL_REGION, credentials: localCredentials } : {});
}

/** The pool as the Auth stack defines it: e-mail login, no self sign-up, an admin group, a web client. */
export async function ensureUserPool(endpoint: string, name: string): Promise<UserPool> {
  const cognito = cognitoClient(endpoint);
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === name)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: name,
        UsernameAttributes: ["email"],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      }),
    );
    userPoolId = created.UserPool!.Id!;
    await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: "admin" }));
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === "web")?.ClientId;
  if (!clientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: "web",
        ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
      }),
    );
    clientId = created.UserPoolClient!.ClientId!;
  }
  cognito.destroy();
  return { userPoolId, clientId };
}

/**
 * Creates (or updates) a confirmed user with a permanent password, optionally in the admin group.
 * Local only: deployed administrators set their own password (scripts/create-admin.ts).
 */
export async function ensureUser(endpoint: string, userPoolId: string, user: { email: string; password: string; admin: boolean }): Promise<void> {
  const cognito = cognitoClient(endpoint);
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }));
  } catch (err) {
    if ((err as Error).name !== "UserNotFoundException") throw err;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        MessageAction: "SUPPRESS",
        UserAttributes: [
          { Name: "email", Value: user.email },
          { Name: "email_verified", Value: "true" },
        ],
      }),
    );
  }
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.email, Password: user.password, Permanent: true }));
  if (user.admin) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName: "admin" }));
  }
  cognito.destroy();
}
