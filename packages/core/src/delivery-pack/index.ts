export * as DeliveryPack from "./index";

import { z } from "zod";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { FILE_PREFIX, JOB_PREFIX } from "../exports";
import { S3File } from "../exports/s3-file";
import { Job } from "../jobs";
import { Petition, PetitionNotFound } from "../petition";
import { SignatureListing } from "../signature/listing";
import { newYorkDate } from "../util/time";
import type { PackRequest } from "./input";
import { renderDeliveryPack } from "./pdf";
import { addRows, newTally } from "./tally";
import type { StateCode } from "../place/us-states";

export { PackRequest } from "./input";

/**
 * A petition's delivery pack for lawmakers, a PDF, as a background job: the request checks the
 * petition and records a queued job with its event (outbox); the `delivery-pack-job` subscriber
 * (15-minute timeout) streams the petition's admin index rows a page at a time into a tally
 * (tally.ts: only counts are held, and no name is ever put in a pack), draws the PDF (pdf.ts), writes it
 * into the private bucket under `exports/<jobId>/`, and audits it. Its kind starts with the export
 * jobs' prefix, so the console downloads it through the exports' five-minute link
 * (`GET /api/admin/jobs/{id}/download`).
 */
export const Events = {
  Requested: Bus.event("petitions.delivery_pack_requested", z.object({ jobId: Job.Id })),
};

export const KIND = `${JOB_PREFIX}delivery-pack`;

interface Params extends Record<string, unknown> {
  petitionId: string;
  state?: StateCode;
  fileName: string;
}

/** "delivery-pack-<petition>[-<state>]-<YYYY-MM-DD>.pdf", New York's date. */
export function fileNameOf(petitionId: string, state: string | undefined, at = new Date()): string {
  const [month, day, year] = newYorkDate(at).split("/");
  return `delivery-pack-${petitionId}${state ? `-${state.toLowerCase()}` : ""}-${year}-${month}-${day}.pdf`;
}

const describe = (p: Pick<Params, "petitionId" | "state">) => `${p.petitionId}${p.state ? ` (cities of ${p.state})` : ""}`;

/** Records the job (202); an unknown petition is a 404 before anything is written. */
export async function request(petitionId: string, input: PackRequest, by: Job.Starter): Promise<Job.Info> {
  await Petition.fromID(petitionId);
  const params: Params = {
    petitionId,
    ...(input.state ? { state: input.state as StateCode } : {}),
    fileName: fileNameOf(petitionId, input.state),
  };
  return Job.create({ kind: KIND, actor: by.email, owner: by.sub, params }, Events.Requested, (jobId) => ({ jobId }));
}

/** Runs the job once (a repeated delivery finds it claimed and does nothing). */
export function run(jobId: string): Promise<Job.Info | undefined> {
  const reasonOf = (err: unknown) => (err instanceof PetitionNotFound ? "The petition was deleted" : undefined);
  return Job.run(jobId, KIND, { leaseMs: Job.SUBSCRIBER_LEASE_MS, reasonOf }, async ({ job, report, tick }) => {
    const params = job.params as Params;
    const [petition, total] = await Promise.all([Petition.fromID(params.petitionId), Petition.count(params.petitionId, true)]);
    await report({ phase: "reading", completed: 0, total });
    const tally = newTally({ state: params.state, verifies: petition.verifySignatures === true });
    for await (const page of SignatureListing.signatures.stream(params.petitionId, "createdAt", "asc")) {
      addRows(tally, page);
      await tick({ phase: "reading", completed: tally.read, total: Math.max(total, tally.read) });
    }
    await report({ phase: "writing", completed: tally.read, total: tally.read });
    const pdf = await renderDeliveryPack(petition, tally, new Date());
    const file = new S3File(`${FILE_PREFIX}${jobId}/${params.fileName}`, "application/pdf");
    try {
      await file.write(pdf);
      await file.close();
    } catch (err) {
      await file.abort().catch(() => undefined);
      throw err;
    }
    await Audit.record({ action: "signatures.delivery_pack", actor: job.actor, target: describe(params), rows: tally.counted });
    return {
      fileName: params.fileName,
      bytes: file.bytes,
      rows: tally.read,
      verified: tally.verified,
      pending: tally.pending,
    };
  });
}
