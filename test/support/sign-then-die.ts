/**
 * Run as a child process by test/integration/outbox.test.ts: signs through the real handler, and
 * dies (exit 42) the moment the event is handed to the bus — after the signing transaction has
 * committed, before anything was published. Settings come from the parent's environment.
 *
 *   node --import tsx test/support/sign-then-die.ts <petitionId> <body as JSON>
 */
import { Bus } from "@site/core/bus";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { call, httpEvent } from "./http";

const DIED_AFTER_COMMIT = 42;

Bus.deliverLocallyWith(() => process.exit(DIED_AFTER_COMMIT));
const [petitionId, body] = [process.argv[2], JSON.parse(process.argv[3])];
const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body, sourceIp: "10.201.0.1" }));
console.error(`still alive after signing: ${res.statusCode} ${JSON.stringify(res.body)}`);
process.exit(1);
