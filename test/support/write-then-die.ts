/**
 * Run as a child process by the tests of what survives a crash: writes through a real handler and
 * dies (exit 42) right after its transaction committed, before anything else happened. Settings come
 * from the parent's environment.
 *
 *   node --import tsx test/support/write-then-die.ts lead <form> <body as JSON>
 *       a guide form: dies the moment `lead.created` is handed to the bus (test/integration/outbox.test.ts)
 *   node --import tsx test/support/write-then-die.ts sign <petitionId> <body as JSON>
 *       signing: dies the moment its transaction has committed, before it answers; nothing is
 *       published for a signature, its item on the table's stream is the event (test/integration/local-stream.test.ts)
 */
import { Bus } from "@site/core/bus";
import { onEveryClient } from "@site/core/db/client";
import { handler as lead } from "../../packages/functions/src/http/lead-create";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { DIED_AFTER_COMMIT } from "./crash";
import { call, httpEvent } from "./http";

const [what, target, body] = [process.argv[2], process.argv[3], JSON.parse(process.argv[4])];

if (what === "lead") {
  Bus.deliverLocallyWith(() => process.exit(DIED_AFTER_COMMIT));
  const res = await call(lead, httpEvent({ method: "POST", pathParameters: { form: target }, body, sourceIp: "10.201.0.1" }));
  console.error(`still alive after the submission: ${res.statusCode} ${JSON.stringify(res.body)}`);
} else {
  onEveryClient((client) =>
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const output = await next(args);
        if ((context as { commandName?: string }).commandName === "TransactWriteItemsCommand") process.exit(DIED_AFTER_COMMIT);
        return output;
      },
      { step: "initialize", name: "dieAfterCommit" },
    ),
  );
  const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: target }, body, sourceIp: "10.201.0.1" }));
  console.error(`still alive after signing: ${res.statusCode} ${JSON.stringify(res.body)}`);
}
process.exit(1);
