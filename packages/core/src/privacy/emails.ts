import { settings } from "../config";
import { escapeHtml, type Message } from "../mail";
import { countLines, type ErasedCounts } from "./input";
import { DELETION_LINK_HOURS } from "../policy/retention";

/**
 * The e-mails of a data-deletion request: the link (to the address typed on /data-deletion-request)
 * and the completion notice. Neither says whether the address holds any data until its owner opens
 * the link: the first e-mail reads the same either way.
 */

const siteUrl = () => settings().SITE_URL.replace(/\/$/, "");

export const myDataUrl = (token: string) => `${siteUrl()}/my-data?token=${encodeURIComponent(token)}`;

export function linkEmail(token: string): Omit<Message, "to"> {
  const link = myDataUrl(token);
  const lines = [
    "We received a request to see or erase the data our site holds for this e-mail address.",
    `Open this link within ${DELETION_LINK_HOURS} hours to see that data, download it, or erase it:`,
  ];
  const ignore = "If you did not ask for this, ignore this e-mail: nothing will be erased without your confirmation.";
  return {
    subject: "Your data deletion request",
    text: [...lines.slice(0, 1), "", lines[1], "", link, "", ignore].join("\n"),
    html: [`<p>${lines[0]}</p>`, `<p>${lines[1]}</p>`, `<p><a href="${escapeHtml(link)}">See my data</a></p>`, `<p>${ignore}</p>`].join("\n"),
  };
}

/** `labels`: how the registered kinds (defineKind) are counted (privacy/kinds.ts `countedLabels`). */
export function completionEmail(counts: ErasedCounts, labels: Parameters<typeof countLines>[1] = {}): Omit<Message, "to"> {
  const lines = countLines(counts, labels);
  const intro = lines.length
    ? "As you confirmed, we have erased every record our site held for this e-mail address:"
    : "As you confirmed, we looked for records our site holds for this e-mail address and found none to erase.";
  const outro = "Our spreadsheets were updated without them. This is the last e-mail you will receive from us about this request.";
  return {
    subject: "Your data has been erased",
    text: [intro, "", ...lines.map((l) => `- ${l}`), ...(lines.length ? [""] : []), outro].join("\n"),
    html: [`<p>${intro}</p>`, ...(lines.length ? [`<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`] : []), `<p>${outro}</p>`].join("\n"),
  };
}
