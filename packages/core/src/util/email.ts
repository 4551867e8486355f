/** The one normalisation of an e-mail address that every record holding one stores (`emailNormalized`): the privacy lookups find a person's records by it. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
