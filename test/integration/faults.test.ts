import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { Mail } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { SIGNATURES_TAB } from "@site/core/signature/sheet";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as drainQueue } from "../../packages/functions/src/jobs/mail-queue-drain";
import { installLocalBus } from "../../scripts/local/bus";
import { startFakeSheets } from "../support/fake-sheets";
import { newPetition, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";
import { useOwnTable } from "../support/own-table";

/**
 * Faults: the mail and spreadsheet adapters fail for a number of attempts (for real: an outbox
 * directory that cannot be created, a Google endpoint answering 500). Visitors still get 201, every
 * effect is delivered once the dependency recovers, and none twice.
 */
beforeAll(() => useOwnTable("faults"));
// A compressed but longer retry schedule than the default, so N failed attempts fit in a test.
const bus = installLocalBus({ retryDelaysMs: [100, 200, 400, 800, 1600, 3200] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean, what: string, ms = 30_000) {
  for (const end = Date.now() + ms; !condition(); await sleep(20)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}
let ip = 0;
const signAll = (petitionId: string, people: ReturnType<typeof signer>[]) =>
  Promise.all(people.map((body) => call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body, sourceIp: `10.204.${++ip}.1` }))));

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["OUTBOX_DIR", "SHEETS_DRIVER", "GOOGLE_SHEETS_SPREADSHEET_ID", "GOOGLE_SERVICE_ACCOUNT", "GOOGLE_TOKEN_URL", "GOOGLE_SHEETS_API_URL"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetSettings();
});

describe("faults", () => {
  it("mail fails for 2 attempts per e-mail: every visitor gets 201, then each e-mail arrives exactly once", async () => {
    const root = join(tmpdir(), `faults-${randomUUID()}`);
    mkdirSync(root);
    // a file where the outbox's parent directory should be: every write fails with ENOTDIR
    writeFileSync(join(root, "blocked"), "");
    process.env.OUTBOX_DIR = join(root, "blocked", "outbox");
    resetSettings();

    const p = await newPetition();
    const people = [signer("f1"), signer("f2"), signer("f3")];
    // the mail queue retries a failed send (with a growing delay); count the failures it meets
    let failedSends = 0;
    const original = Mail.send;
    const spy = vi.spyOn(Mail, "send").mockImplementation(async (m) => original(m).catch((err) => (failedSends++, Promise.reject(err))));
    const responses = await signAll(p.id, people);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);

    // 3 signatures × 2 e-mails, each failed twice, then the disk comes back
    await until(() => failedSends >= 12, "two failed attempts per e-mail");
    rmSync(join(root, "blocked"));
    await bus.idle();
    // what the nudged drains left waiting for its next attempt, the scheduled drain sends
    await drainQueue();
    spy.mockRestore();

    expect(bus.failures).toEqual([]);
    const mail = await listOutbox(settings().OUTBOX_DIR);
    for (const person of people) {
      expect(mail.filter((m) => m.to.includes(person.email))).toHaveLength(1);
      expect(mail.filter((m) => m.to.includes("admins@example.org") && m.text.includes(person.email))).toHaveLength(1);
    }
    expect(mail).toHaveLength(6);
    rmSync(root, { recursive: true, force: true });
  });

  describe("the spreadsheet", () => {
    let google: Awaited<ReturnType<typeof startFakeSheets>>;
    beforeAll(async () => (google = await startFakeSheets()));
    afterAll(() => google.stop());

    it("Google answers 500 to 10 requests (more than the adapter's own retries): the sync recovers, each signature once", async () => {
      Object.assign(process.env, google.env);
      resetSettings();
      const p = await newPetition();
      const people = [signer("s1"), signer("s2"), signer("s3")];
      google.failNext(10);
      const retriedBefore = bus.retried();
      const responses = await signAll(p.id, people);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      await bus.idle();

      expect(google.failed()).toBe(10);
      expect(bus.retried() - retriedBefore).toBeGreaterThanOrEqual(2);
      expect(bus.failures).toEqual([]);
      const rows = google.tab(SIGNATURES_TAB);
      const emails = rows.slice(1).map((r) => r.find((cell) => cell.includes("@")));
      for (const person of people) expect(emails.filter((e) => e === person.email)).toHaveLength(1);
      expect(new Set(emails).size).toBe(emails.length);
    });
  });
});
