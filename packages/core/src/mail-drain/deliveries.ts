import { adminRecipients } from "../config";
import { getMany } from "../db/batch";
import { Keys } from "../db/keys";
import { Mail } from "../mail";
import { Newsletter } from "../newsletter";
import { Petition } from "../petition";
import { Signature } from "../signature";
import { adminNotification, signerShare } from "../signature/emails";
import { SignatureNewsletter } from "../signature/newsletter-link";
import { SignatureVerification } from "../signature/verification";
import { mailNetworkOf } from "../util/client-address";
import { NotFoundError } from "../util/error";
import type { FormRecipient } from "../mail/domain-brake";
import { isDelivery, type Delivery, type DeliveryName } from "../mail-queue/lanes";
import { REPORT_STATUS_DELIVERIES } from "../report-status/deliveries";

/**
 * How each delivery the queue holds (its lane: mail-queue/lanes.ts `DELIVERY_LANES`) renders and sends one
 * delivery from its reference and the round's records (`Records`, read once for every delivery of a
 * drain round).
 */
export interface DeliverySender {
  /** Whether it mails the address a visitor typed into a form (the domain brake's mail, mail/domain-brake.ts `isFormMail`). */
  formMail: boolean;
  deliver(ref: Record<string, string>, eventId: string, records: Records): Promise<void>;
}

/** The signatures and petitions a round's deliveries name, read in one go; a record erased while its e-mail waited is absent. */
export interface Records {
  signature(petitionId: string, signatureId: string): Signature.Info | undefined;
  petition(petitionId: string): Promise<Petition.Info | undefined>;
}

/**
 * A petition (with its counts) is read at most once per PETITION_CACHE_MS per process: every e-mail
 * of a surge names the same petition, and a read costs its 32 counter shards (docs/architecture.md
 * "Capacity": what the e-mails read). Its count in an e-mail is then at most that old.
 */
const PETITION_CACHE_MS = 5_000;
const petitions = new Map<string, { at: number; read: Promise<Petition.Info | undefined> }>();

const unlessGone = async <T>(read: Promise<T>): Promise<T | undefined> => {
  try {
    return await read;
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
};

function cachedPetition(id: string, now = performance.now()): Promise<Petition.Info | undefined> {
  const cached = petitions.get(id);
  if (cached && now - cached.at < PETITION_CACHE_MS) return cached.read;
  const read = unlessGone(Petition.fromID(id));
  petitions.set(id, { at: now, read });
  read.catch(() => petitions.delete(id));
  return read;
}

/** Reads the signatures the deliveries name (one consistent BatchGet per 100), and serves petitions from the cache. */
export async function loadRecords(deliveries: readonly Delivery[]): Promise<Records> {
  const refs = deliveries.filter((d) => d.ref.petitionId && d.ref.signatureId);
  const keys = [...new Map(refs.map((d) => [`${d.ref.petitionId}/${d.ref.signatureId}`, Keys.signature(d.ref.petitionId, d.ref.signatureId)])).values()];
  const items = keys.length ? await getMany(keys, { consistent: true }) : [];
  const signatures = new Map(items.map((item) => [`${item.petitionId}/${item.id}`, Signature.infoOf(item)]));
  return {
    signature: (petitionId, signatureId) => signatures.get(`${petitionId}/${signatureId}`),
    petition: (petitionId) => cachedPetition(petitionId),
  };
}

const signatureAndPetition = async (ref: Record<string, string>, records: Records) => {
  const signature = records.signature(ref.petitionId, ref.signatureId);
  const petition = signature && (await records.petition(ref.petitionId));
  return signature && petition ? { signature, petition } : undefined;
};

/** A form-mail kind about one signature and its petition: nothing is sent once either is gone. */
const aboutSignature = (send: (found: { signature: Signature.Info; petition: Petition.Info }, eventId: string) => Promise<void>): DeliverySender => ({
  formMail: true,
  async deliver(ref, eventId, records) {
    const found = await signatureAndPetition(ref, records);
    if (found) await send(found, eventId);
  },
});

export const DELIVERIES: Record<DeliveryName, DeliverySender> = {
  "signature-share-email": aboutSignature(async (found) => {
    // a signer who asked for news of the campaign is offered the newsletter in it (signature/newsletter-link.ts)
    const newsletterOffer = found.signature.newsletterConsent ? SignatureNewsletter.offerUrl(found.signature) : undefined;
    // one key per signature, so a retry of this share e-mail is not refused by its own claim
    await Mail.sendToVisitor(
      { to: [found.signature.email], ...signerShare(found.signature, found.petition, { newsletterOffer }) },
      { key: `signature-share:${found.signature.id}`, kind: "signature-share" },
    );
  }),
  // petitions that verify signatures: the link of a pending signature, instead of the share e-mail (which follows its confirmation)
  "signature-confirmation": aboutSignature((found) => SignatureVerification.sendConfirmation(found.signature, found.petition)),
  // someone signed again with the mailbox of this signature: "already signed", or while it is pending its link again; one a day per address and petition
  "signature-repeated": aboutSignature(async (found, eventId) => {
    const cap = { kind: `signature-repeated:${found.petition.id}`, key: `signature-repeated:${eventId}` };
    if (found.signature.status === "pending") await SignatureVerification.sendConfirmation(found.signature, found.petition, cap);
    else await SignatureVerification.sendAlreadySigned(found.signature, found.petition, cap);
  }),
  "signature-notify-admin": {
    formMail: false,
    async deliver(ref, _eventId, records) {
      const to = adminRecipients();
      if (to.length === 0) return;
      const found = await signatureAndPetition(ref, records);
      if (found) await Mail.send({ kind: "admin-notice", to, ...adminNotification(found.signature, found.petition) });
    },
  },
  "newsletter-confirmation": {
    formMail: true,
    async deliver(ref, eventId) {
      await Newsletter.sendConfirmation(ref.email, eventId);
    },
  },
  ...REPORT_STATUS_DELIVERIES,
};

/**
 * The address a form-mail delivery goes to, and the network of the form that asked for it, as far as
 * the round's records tell (the signer's, or the ones it names).
 */
export function formRecipientOf(d: Delivery, records: Records): FormRecipient | undefined {
  if (!isDelivery(d.kind) || !DELIVERIES[d.kind].formMail) return undefined;
  if (d.ref.email) return { address: d.ref.email, network: d.ref.network };
  const signature = d.ref.petitionId && d.ref.signatureId ? records.signature(d.ref.petitionId, d.ref.signatureId) : undefined;
  return signature && { address: signature.email, network: mailNetworkOf(signature.meta.ipAddress) };
}
