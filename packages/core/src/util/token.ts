import { createHash, randomBytes } from "node:crypto";

/** A link token (newsletter confirmation, data-deletion link): 32 random bytes, base64url (43 characters). Only its hash is stored. */
export const newToken = () => randomBytes(32).toString("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** What `newToken` can produce; anything else is refused before the table is read. */
export const isTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
