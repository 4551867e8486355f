import { adminRecipients } from "../config";
import { Mail } from "../mail";
import { Newsletter } from "../newsletter";
import { Petition } from "../petition";
import { Signature } from "../signature";
import { adminNotification, signerShare } from "../signature/emails";
import { SignatureVerification } from "../signature/verification";
import { NotFoundError } from "../util/error";
import type { Lane } from "./queue";

/**
 * What the queue can send: each kind's lane and how it renders and sends one delivery from its
 * reference. A kind's name is also its once() scope (the subscriber that sent it before the queue),
 * so an e-mail sent before an upgrade is not sent again by the queue.
 */
export interface Kind {
  lane: Lane;
  deliver(ref: Record<string, string>, eventId: string): Promise<void>;
}

/** Records erased or deleted while their e-mail waited: nothing to send. */
const unlessGone = async <T>(read: Promise<T>): Promise<T | undefined> => {
  try {
    return await read;
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
};

const signatureAndPetition = async (ref: Record<string, string>) => {
  const [signature, petition] = await Promise.all([unlessGone(Signature.fromID(ref.petitionId, ref.signatureId)), unlessGone(Petition.fromID(ref.petitionId))]);
  return signature && petition ? { signature, petition } : undefined;
};

export const KINDS = {
  "signature-share-email": {
    lane: "visitor",
    async deliver(ref) {
      const found = await signatureAndPetition(ref);
      if (!found) return;
      // one key per signature, so a retry of this share e-mail is not refused by its own claim
      await Mail.sendToVisitor(
        { to: [found.signature.email], ...signerShare(found.signature, found.petition) },
        { key: `signature-share:${found.signature.id}`, kind: "signature-share" },
      );
    },
  },
  // petitions that verify signatures: the link of a pending signature, instead of the share e-mail (which follows its confirmation)
  "signature-confirmation": {
    lane: "links",
    async deliver(ref) {
      const found = await signatureAndPetition(ref);
      if (!found) return;
      await SignatureVerification.sendConfirmation(found.signature, found.petition, {
        kind: `signature-confirmation:${found.petition.id}`,
        key: `signature-confirmation:${found.signature.id}`,
      });
    },
  },
  // someone signed again with the mailbox of this signature: "already signed", or while it is pending its link again; one a day per address and petition
  "signature-repeated": {
    lane: "links",
    async deliver(ref, eventId) {
      const found = await signatureAndPetition(ref);
      if (!found) return;
      const cap = { kind: `signature-repeated:${found.petition.id}`, key: `signature-repeated:${eventId}` };
      if (found.signature.status === "pending") await SignatureVerification.sendConfirmation(found.signature, found.petition, cap);
      else await SignatureVerification.sendAlreadySigned(found.signature, found.petition, cap);
    },
  },
  "signature-notify-admin": {
    lane: "notices",
    async deliver(ref) {
      const to = adminRecipients();
      if (to.length === 0) return;
      const found = await signatureAndPetition(ref);
      if (found) await Mail.send({ kind: "admin-notice", to, ...adminNotification(found.signature, found.petition) });
    },
  },
  "newsletter-confirmation": {
    lane: "links",
    async deliver(ref, eventId) {
      await Newsletter.sendConfirmation(ref.email, eventId);
    },
  },
} satisfies Record<string, Kind>;

export type KindName = keyof typeof KINDS;
export const isKind = (name: string): name is KindName => Object.hasOwn(KINDS, name);
