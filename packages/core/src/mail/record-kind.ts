import type { PersonalRecordKind } from "../policy/personal-record";
import { removeHeld } from "./held-store";

/** An e-mail the domain brake holds for an administrator (domain-brake.ts): it holds the address it was for, so an erasure deletes it. */
export const heldMailKind: PersonalRecordKind = {
  kind: "heldMail",
  label: "e-mail waiting to be sent",
  erasure: "with the person",
  async remove(key) {
    await removeHeld({ pk: key.pk, sk: key.sk });
    return { tabs: [] };
  },
  retention: { rule: "expires (TTL)", after: "HELD_MAIL_DAYS" },
};
