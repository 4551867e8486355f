/** The foundation's name, as the pages, e-mails and PDFs write it. */
export const SITE_NAME = "Timeshare Owners Foundation";
