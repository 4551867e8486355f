import { settings } from "../config";
import type { Message } from "../mail";
import { escapeHtml } from "../mail";
import type { Info as Petition } from "../petition";
import type { Info as Signature } from "./index";
import { DISPLAY_FALLBACK_GOAL } from "../petition/figures";
import { WITHDRAW_LINK_VALID_DAYS, withdrawRequestUrl, withdrawUrl } from "./withdraw-link";

/** signatures / goal × 100 with two decimals, as the spec's e-mails show it. */
export const progressPercent = (count: number, goal: number) => ((count / (goal > 0 ? goal : DISPLAY_FALLBACK_GOAL)) * 100).toFixed(2);

export function shareLinks(petitionId: string) {
  const signUrl = `${settings().SITE_URL.replace(/\/$/, "")}/sign/${encodeURIComponent(petitionId)}`;
  const u = encodeURIComponent(signUrl);
  const text = encodeURIComponent("Help Fight Timeshare Scams!");
  return {
    signUrl,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${text}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
}

/**
 * The closing lines every e-mail to a signer about their signature carries (the share e-mail, and
 * any confirmation or update e-mail after it): the link that withdraws that signature.
 */
export function withdrawFooter(petitionId: string, signatureId: string): { text: string; html: string } {
  const url = withdrawUrl(petitionId, signatureId);
  return {
    text: `Changed your mind? Withdraw your signature: ${url}`,
    html: `<p style="font-size:13px;color:#555">Changed your mind? <a href="${escapeHtml(url)}">Withdraw your signature</a>.</p>`,
  };
}

/**
 * The thank-you e-mail's closing lines: it asks to be shared, so it carries no withdraw token, only
 * the withdraw page, which e-mails a link to the address that signed (security review L3).
 */
export function withdrawRequestFooter(petitionId: string, signatureId: string): { text: string; html: string } {
  const url = withdrawRequestUrl(petitionId, signatureId);
  return {
    text: `Changed your mind? We can e-mail you a link to withdraw your signature: ${url}`,
    html: `<p style="font-size:13px;color:#555">Changed your mind? <a href="${escapeHtml(url)}">We can e-mail you a link to withdraw your signature</a>.</p>`,
  };
}

/** The e-mail the withdraw page sends on request, to the address that signed. */
export function withdrawLinkEmail(signature: Pick<Signature, "id" | "firstName">, petition: Pick<Petition, "id" | "title">): Omit<Message, "to"> {
  const url = withdrawUrl(petition.id, signature.id);
  const lines = [
    `Dear ${signature.firstName},`,
    "",
    `Someone, probably you, asked for a link to withdraw your signature from "${petition.title}". Open it and press "Withdraw my signature":`,
    "",
    url,
    "",
    `The link works for ${WITHDRAW_LINK_VALID_DAYS} days. Please do not forward this e-mail: the link withdraws your signature. If you did not ask, ignore it: nothing changes.`,
  ];
  const html = paragraphs([
    `Dear ${escapeHtml(signature.firstName)},`,
    `Someone, probably you, asked for a link to withdraw your signature from <strong>${escapeHtml(petition.title)}</strong>. Open it and press "Withdraw my signature":`,
    `<a href="${escapeHtml(url)}">Withdraw my signature</a>`,
    `The link works for ${WITHDRAW_LINK_VALID_DAYS} days. Please do not forward this e-mail: the link withdraws your signature. If you did not ask, ignore it: nothing changes.`,
  ]);
  return { subject: "Your link to withdraw your signature", text: lines.join("\n"), html, kind: "signature-withdraw-link" };
}

const row = (label: string, value: string) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;

export function adminNotification(signature: Signature, petition: Petition): Omit<Message, "to"> {
  const goal = petition.goal > 0 ? petition.goal : DISPLAY_FALLBACK_GOAL;
  const m = signature.meta;
  const fields: [string, string][] = [
    ["Petition", petition.title],
    ["Name", `${signature.firstName} ${signature.lastName}`],
    ["Email", signature.email],
    ["Timeshare", signature.timeshareName || "Not provided"],
    ["Signed at (EST)", `${signature.createdDate} ${signature.createdTime}`],
    // no IP address and no place derived from it: a notice leaves the console (docs/architecture.md, N9)
    ["Device", `${m.deviceType} · ${m.browser} · ${m.screenResolution}`],
    ["Timezone / language", `${m.timezone} / ${m.language}`],
    [
      "Signatures",
      `${petition.signatureCount.toLocaleString("en-US")} of ${goal.toLocaleString("en-US")} (${progressPercent(petition.signatureCount, goal)}%)`,
    ],
  ];
  return {
    // visitor text never goes into a subject line; the petition title is written by administrators
    subject: `New signature on "${petition.title}"`,
    text: fields.map(([k, v]) => `${k}: ${v}`).join("\n"),
    html: `<h2>New petition signature</h2><table>${fields.map(([k, v]) => row(k, v)).join("")}</table>`,
  };
}

/** The newsletter's offer in a signer's thank-you e-mail, for a signer who asked for news of the campaign (signature/newsletter-link.ts). */
export const NEWSLETTER_OFFER = {
  lead: "You asked to be kept updated about the campaign. Confirm that you want our scam alerts and tips by e-mail:",
  button: "Yes, send me updates",
  after: "Without this confirmation you will receive no newsletter from us.",
};

export function signerShare(signature: Signature, petition: Petition, opts: { newsletterOffer?: string } = {}): Omit<Message, "to"> {
  const goal = petition.goal > 0 ? petition.goal : DISPLAY_FALLBACK_GOAL;
  const links = shareLinks(petition.id);
  const withdraw = withdrawRequestFooter(petition.id, signature.id);
  const progress = progressPercent(petition.signatureCount, goal);
  const count = `${petition.signatureCount.toLocaleString("en-US")} of ${goal.toLocaleString("en-US")} signatures (${progress}%)`;
  const offer = opts.newsletterOffer;
  const text = [
    `Dear ${signature.firstName},`,
    "",
    `Thank you for signing "${petition.title}". We now have ${count}.`,
    "Every signature counts. Please share the petition with friends and family:",
    "",
    `Sign link: ${links.signUrl}`,
    `Facebook: ${links.facebook}`,
    `Twitter: ${links.twitter}`,
    `LinkedIn: ${links.linkedin}`,
    "",
    ...(offer ? [NEWSLETTER_OFFER.lead, offer, NEWSLETTER_OFFER.after, ""] : []),
    withdraw.text,
  ].join("\n");
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<p>Dear ${escapeHtml(signature.firstName)},</p>`,
    `<p>Thank you for signing <strong>${escapeHtml(petition.title)}</strong>. We now have ${escapeHtml(count)}.</p>`,
    `<p>Every signature counts. Help Fight Timeshare Scams! Share the petition:</p>`,
    `<p>${link(links.signUrl, "Sign the petition")} · ${link(links.facebook, "Facebook")} · ${link(links.twitter, "Twitter")} · ${link(links.linkedin, "LinkedIn")}</p>`,
    ...(offer
      ? [`<p>${escapeHtml(NEWSLETTER_OFFER.lead)}</p>`, `<p>${link(offer, NEWSLETTER_OFFER.button)}</p>`, `<p>${escapeHtml(NEWSLETTER_OFFER.after)}</p>`]
      : []),
    withdraw.html,
  ].join("\n");
  return { subject: "Thank you for signing — help us spread the word", text, html };
}

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${line}</p>`).join("\n");

/** The link a pending signature's signer confirms it with (petitions that verify signatures). */
export function confirmationRequest(signature: Signature, petition: Petition, link: string): Omit<Message, "to"> {
  const withdraw = withdrawFooter(petition.id, signature.id);
  const text = [
    `Dear ${signature.firstName},`,
    "",
    `Please confirm your signature on "${petition.title}": open this link and press "Confirm my signature".`,
    "",
    link,
    "",
    "Your signature counts once it is confirmed. If you did not sign, ignore this e-mail: the unconfirmed signature is deleted in a few days.",
    "",
    withdraw.text,
  ].join("\n");
  const html = paragraphs([
    `Dear ${escapeHtml(signature.firstName)},`,
    `Please confirm your signature on <strong>${escapeHtml(petition.title)}</strong>: open this link and press "Confirm my signature" on the page it opens.`,
    `<a href="${escapeHtml(link)}">Confirm my signature</a>`,
    "Your signature counts once it is confirmed. If you did not sign, ignore this e-mail: the unconfirmed signature is deleted in a few days.",
  ]);
  return { subject: "Please confirm your signature", text, html: `${html}\n${withdraw.html}` };
}

/** What a mailbox that has signed receives when someone signs with it again (the sign form answered as to a first signature). */
export function alreadySigned(signature: Signature, petition: Petition): Omit<Message, "to"> {
  const { signUrl } = shareLinks(petition.id);
  const withdraw = withdrawFooter(petition.id, signature.id);
  const text = [
    `Dear ${signature.firstName},`,
    "",
    `Someone, probably you, tried to sign "${petition.title}" again with this e-mail address. You have already signed this petition, and your signature is counted once.`,
    "",
    `The petition: ${signUrl}`,
    "",
    "If it was not you, there is nothing to do: nothing was changed.",
    "",
    withdraw.text,
  ].join("\n");
  const html = paragraphs([
    `Dear ${escapeHtml(signature.firstName)},`,
    `Someone, probably you, tried to sign <strong>${escapeHtml(petition.title)}</strong> again with this e-mail address. You have already signed this petition, and your signature is counted once.`,
    `<a href="${escapeHtml(signUrl)}">See the petition</a>`,
    "If it was not you, there is nothing to do: nothing was changed.",
  ]);
  return { subject: "You have already signed this petition", text, html: `${html}\n${withdraw.html}` };
}
