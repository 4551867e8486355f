import { escapeHtml, type Message } from "../mail";
import { ONE_CLICK_BODY } from "../newsletter/list-mail";
import type { Rendered } from "../mailing/definition";
import { shareLinks, withdrawFooter } from "./emails";
import { updatesOneClickUrl, updatesUnsubscribePageUrl } from "./updates-link";
import type { Signer } from "./updates-audience";

/**
 * A petition update as one signer gets it: the update (rendered from Markdown like a newsletter
 * issue) with a footer saying why they get it, a link that stops this petition's updates and the
 * link that withdraws their signature, and the RFC 8058 one-click headers for this petition's
 * updates only (never the newsletter's, which has its own).
 */
export function updateMessage(petitionId: string, to: Signer, rendered: Rendered): Message {
  const stop = updatesUnsubscribePageUrl(petitionId, to.signatureId);
  const withdraw = withdrawFooter(petitionId, to.signatureId);
  const why = "You receive this e-mail because you asked, when you signed this petition, to be told how it does.";
  return {
    to: [to.email],
    subject: rendered.subject,
    text: `${rendered.text}\n\n--\n${why}\nStop these updates: ${stop}\n${withdraw.text}\n`,
    html:
      `${rendered.html}\n<hr>\n<p style="font-size:12px;color:#555">${escapeHtml(why)} ` +
      `<a href="${escapeHtml(stop)}">Stop updates about this petition</a></p>\n${withdraw.html}`,
    headers: { "List-Unsubscribe": `<${updatesOneClickUrl(petitionId, to.signatureId)}>`, "List-Unsubscribe-Post": ONE_CLICK_BODY },
  };
}

/** Markdown's special characters in administrators' text (a title) shown as written. */
const literal = (text: string) => text.replace(/([\\`*_{}[\]()#+\-.!<>|~])/g, "\\$1");

/** The milestone e-mail's subject and Markdown body, written when the milestone is claimed. */
export function milestoneContent(petition: { id: string; title: string; goal: number }, milestone: number): { subject: string; body: string } {
  const n = milestone.toLocaleString("en-US");
  const signatures = milestone === 1 ? "signature" : "signatures";
  const { signUrl } = shareLinks(petition.id);
  const goal = petition.goal > 0 && milestone < petition.goal ? ` Our goal is ${petition.goal.toLocaleString("en-US")}.` : "";
  const reached = petition.goal > 0 && milestone >= petition.goal ? " That is our goal: thank you for making it happen." : "";
  return {
    subject: `${n} ${signatures}: the petition you signed is growing`,
    body: [
      `# ${n} ${milestone === 1 ? "person has" : "people have"} signed`,
      "",
      `The petition you signed, **${literal(petition.title)}**, now has ${n} ${signatures}.${reached}${goal}`,
      "",
      `Every signature makes it harder to ignore. Please share it with friends and family: ${signUrl}`,
    ].join("\n"),
  };
}
