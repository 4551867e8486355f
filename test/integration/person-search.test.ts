import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Lead } from "@site/core/lead";
import { LeadListing } from "@site/core/lead/listing";
import { Report } from "@site/core/report";
import { ReportListing } from "@site/core/report/listing";
import { SignatureListing } from "@site/core/signature/listing";
import { newPetition } from "../support/fixtures";
import { minimalReport } from "../support/reports";
import { importRequests } from "../support/signatures";

/**
 * A search that names its rows (a whole e-mail address, an id, a report's reference number) is
 * answered by key; an e-mail address through the person index, not from the rows a
 * process holds in memory: exact (any case, surrounding spaces), with the filters and the scope, and
 * the collection's cache stays cold however large the collection is.
 */
const meta = () => importRequests(1, "meta")[0].meta;

describe("searching a whole e-mail address, an id or a reference number", () => {
  it("finds a signer's signatures through the person index, in the scope asked, without loading the rows", async () => {
    const tag = `ps-${randomUUID().slice(0, 8)}`;
    const [p, q] = [await newPetition(), await newPetition()];
    await SignatureListing.importBatch(p.id, importRequests(30, tag));
    // the same address on a second petition, and one that merely contains it
    await SignatureListing.importBatch(q.id, [
      { ...importRequests(1, tag)[0], email: `${tag}-7@example.com` },
      { ...importRequests(1, tag)[0], email: `x${tag}-7@example.com` },
    ]);

    const everywhere = await SignatureListing.signatures.list({ search: `  ${tag.toUpperCase()}-7@Example.com ` });
    expect(everywhere.items.map((r) => [r.petitionId, r.email]).sort()).toEqual([p.id, q.id].sort().map((id) => [id, `${tag}-7@example.com`]));
    expect(everywhere.total).toBe(2);
    const onP = await SignatureListing.signatures.list({ petitionId: p.id, search: `${tag}-7@example.com` });
    expect(onP.items.map((r) => r.petitionId)).toEqual([p.id]);

    // the start of an address is a name search (its e-mail key): the address that merely contains it is not found
    expect((await SignatureListing.signatures.list({ petitionId: q.id, search: `${tag}-7@` })).items.map((r) => r.email)).toEqual([`${tag}-7@example.com`]);
  });

  it("finds a guide request whatever its form, and applies the form asked for", async () => {
    const email = `lead-${randomUUID().slice(0, 8)}@example.com`;
    const [one] = await LeadListing.importBatch([
      { form: "before-you-sign", submission: Lead.LeadInput.parse({ fullName: "Person Search", email }), meta: meta() },
    ]);
    expect((await LeadListing.leads.list({ form: "before-you-sign", search: email.toUpperCase() })).items.map((r) => r.id)).toEqual([one.id]);
    expect((await LeadListing.leads.list({ form: "checklist", search: email })).total).toBe(0);
  });

  it("finds a report by its reference number (any case, with or without dashes) and by its id", async () => {
    const [report] = await ReportListing.importBatch([
      { submission: Report.ReportInput.parse(minimalReport(`direct${randomUUID().slice(0, 6)}`)), client: "198.51.100.9", meta: meta() },
    ]);
    const typed = report.reference.toLowerCase().replace(/-/g, "");
    expect((await ReportListing.reports.list({ search: typed })).items.map((r) => r.id)).toEqual([report.id]);
    expect((await ReportListing.reports.list({ search: report.id })).items.map((r) => r.reference)).toEqual([report.reference]);
    expect((await ReportListing.reports.list({ search: "TSR-0000-0000" })).total).toBe(0);
  });

  it("finds a signature by its id within its petition, and a guide request by its id in any form", async () => {
    const p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(3, `id-${randomUUID().slice(0, 8)}`));
    const [lead] = await LeadListing.importBatch([
      { form: "checklist", submission: Lead.LeadInput.parse({ fullName: "Id Search", email: "id-search@example.com" }), meta: meta() },
    ]);
    const stored = (await SignatureListing.signatures.list({ petitionId: p.id })).items;
    expect((await SignatureListing.signatures.list({ petitionId: p.id, search: stored[1].id.toUpperCase() })).items.map((r) => r.id)).toEqual([stored[1].id]);
    expect((await LeadListing.leads.list({ search: lead.id })).items.map((r) => [r.id, r.form])).toEqual([[lead.id, "checklist"]]);
    expect((await LeadListing.leads.list({ form: "before-you-sign", search: lead.id })).total).toBe(0);
  });
});
