/** Texts of the newsletter's link pages (/newsletter/confirmed, /newsletter/unsubscribe) that tests also read. */
export const MISSING_TOKEN = "This link is incomplete. Please open the link from the e-mail again, or copy all of it into your browser.";
export const UNREACHABLE = "We could not reach our server. Please check your connection and open the link again.";
