import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml } from "@site/core/mail";
import { listOutbox, readOutbox, type OutboxMessage } from "@site/core/mail/outbox";

/** SES's mailbox simulator's outcome of a message (mail/simulator.ts); other addresses get none locally. */
const outcomeOf = (m: OutboxMessage) =>
  Object.entries(m.outcomes ?? {})
    .map(([to, outcome]) => (m.to.length > 1 ? `${to}: ${outcome}` : outcome))
    .join(", ") || "sent";

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}td,th{padding:.3rem .6rem;text-align:left;border-bottom:1px solid #ddd}
iframe{width:100%;height:32rem;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style></head>
<body>${body}</body></html>`;

/** The local outbox: /dev/mail lists messages, /dev/mail/<id> shows one, /dev/mail.json for scripts. */
export async function mailPages(_req: IncomingMessage, res: ServerResponse, url: URL, dir: string) {
  if (url.pathname === "/dev/mail.json") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify(await listOutbox(dir)));
  }
  const id = url.pathname.replace(/^\/dev\/mail\/?/, "");
  if (id) {
    const m = await readOutbox(dir, id);
    if (!m) {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      return res.end(page("Not found", "<p>No such message. <a href='/dev/mail'>Back to the outbox</a></p>"));
    }
    const body = `<p><a href="/dev/mail">← Outbox</a></p><h1>${escapeHtml(m.subject)}</h1>
<p><b>From:</b> ${escapeHtml(m.from)}<br><b>To:</b> ${escapeHtml(m.to.join(", "))}<br><b>At:</b> ${escapeHtml(m.at)}<br><b>Kind:</b> ${escapeHtml(m.kind ?? "")}<br><b>Outcome:</b> ${escapeHtml(outcomeOf(m))}</p>
<iframe sandbox srcdoc="${escapeHtml(m.html)}"></iframe><h2>Text</h2><pre>${escapeHtml(m.text)}</pre>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return res.end(page(m.subject, body));
  }
  const messages = await listOutbox(dir);
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.at)}</td><td>${escapeHtml(m.to.join(", "))}</td><td><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(outcomeOf(m))}</td></tr>`,
    )
    .join("");
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(
    page(
      "Outbox",
      `<h1>Outbox (${messages.length})</h1><p>Every e-mail the local stack sends lands here. Mail to SES's mailbox simulator
(bounce@, complaint@, suppressionlist@, ooto@ and success@simulator.amazonses.com) gets SES's outcome and its events.</p>
<table><tr><th>At</th><th>To</th><th>Subject</th><th>Outcome</th></tr>${rows}</table>`,
    ),
  );
}
