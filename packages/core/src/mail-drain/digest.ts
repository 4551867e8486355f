import { adminRecipients, settings } from "../config";
import { Idempotency } from "../idempotency";
import { Mail, escapeHtml } from "../mail";
import { closeDigest, type Digest } from "../mail-queue/digests";
import { Petition } from "../petition";
import { Signature } from "../signature";
import { progressPercent } from "../signature/emails";
import { NotFoundError } from "../util/error";

/** The administrators' digest of a petition's notices in a surge (stored by mail-queue/digests.ts): its e-mail, and its sending. */
export const DIGEST_KIND = "signature-notify-admin-digest";

const gone = async <T>(read: Promise<T>): Promise<T | undefined> => read.catch((err) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
const newYork = (ms: number) => new Date(ms).toLocaleString("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" });

export function digestEmail(digest: Digest, petition: Petition.Info, sample: Signature.Info[]) {
  const site = settings().SITE_URL.replace(/\/$/, "");
  const list = `${site}/admin/petitions/${encodeURIComponent(petition.id)}/signatures`;
  const count = digest.count.toLocaleString("en-US");
  const goal = petition.goal > 0 ? petition.goal : 0;
  const total = `${petition.signatureCount.toLocaleString("en-US")}${goal ? ` of ${goal.toLocaleString("en-US")} (${progressPercent(petition.signatureCount, goal)}%)` : ""}`;
  const between = `between ${newYork(digest.firstAt)} and ${newYork(digest.lastAt)} (New York time)`;
  const names = sample.map((s) => `${s.firstName} ${s.lastName}${s.meta.country ? ` (${[s.meta.city, s.meta.country].filter(Boolean).join(", ")})` : ""}`);
  const text = [
    `${count} people signed "${petition.title}" ${between}.`,
    `The petition now has ${total} signatures.`,
    "",
    ...(names.length ? ["Among them:", ...names.map((n) => `- ${n}`), ""] : []),
    `Every signature: ${list}`,
    "",
    "Signatures came in too fast for one e-mail each; one notice per signature resumes when the rush is over.",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(count)} people signed <strong>${escapeHtml(petition.title)}</strong> ${escapeHtml(between)}.</p>`,
    `<p>The petition now has ${escapeHtml(total)} signatures.</p>`,
    names.length ? `<p>Among them:</p><ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>` : "",
    `<p><a href="${escapeHtml(list)}">See every signature</a></p>`,
    "<p>Signatures came in too fast for one e-mail each; one notice per signature resumes when the rush is over.</p>",
  ].join("\n");
  // visitor text never goes into a subject line; the petition title is written by administrators
  return { subject: `${count} new signatures on "${petition.title}"`, text, html };
}

/** Sends the digest once (keyed by petition and opening), then removes it unless more was folded in meanwhile. */
export async function sendDigest(digest: Digest, leaseMs: number): Promise<void> {
  await Idempotency.once(
    DIGEST_KIND,
    `${digest.petitionId}:${digest.openedAt}`,
    async () => {
      const to = adminRecipients();
      const petition = to.length ? await gone(Petition.fromID(digest.petitionId)) : undefined;
      if (!petition) return;
      const sample = (await Promise.all(digest.sample.map((id) => gone(Signature.fromID(digest.petitionId, id))))).filter((s): s is Signature.Info => !!s);
      await Mail.send({ kind: "admin-digest", to, ...digestEmail(digest, petition, sample) });
    },
    { leaseMs },
  );
  await closeDigest(digest);
}
