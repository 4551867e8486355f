/** An e-mail as the site sends it (mail/index.ts `send`), and as the brake holds it. */
export interface Message {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on
   * newsletter e-mails. Names are checked: no line breaks, and none of the fields SES sets itself.
   */
  headers?: Record<string, string>;
  /**
   * What the message is (signature-share, newsletter-issue, admin-notice, …): sent to SES as the
   * `kind` tag, so a bounce or complaint names the kind of mail that caused it.
   */
  kind?: string;
  /** More SES message tags, e.g. `issue` on a newsletter issue's e-mails (its bounces are counted on the issue). */
  tags?: Record<string, string>;
  /**
   * Form mail: the network (IPv4 /24, IPv6 /48) of the visitor whose form asked for it, which the
   * domain brake counts too (domain-brake.ts). Never sent.
   */
  network?: string;
  /** An administrator released it from the brake (mail/held.ts): it is not braked again. Never sent. */
  released?: true;
}
