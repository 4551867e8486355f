import { isEmailAddress } from "@site/core/util/email";
import { PersonName } from "@site/core/util/person-name";

/** Client-side checks of the sign form (spec §5); the API checks again, names by the same schema. */
export interface SignatureFormValues {
  firstName: string;
  lastName: string;
  email: string;
  timeshareName: string;
  newsletterConsent: boolean;
  /** "Tell me how this petition does": its milestone and outcome e-mails (SignInput's `wantsUpdates`). */
  wantsUpdates?: boolean;
}

const FIRST_NAME = PersonName("First name");
const LAST_NAME = PersonName("Last name");

const problemOf = (schema: typeof FIRST_NAME, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

export function validateSignature(values: SignatureFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const firstName = problemOf(FIRST_NAME, values.firstName);
  if (firstName) errors.firstName = firstName;
  const lastName = problemOf(LAST_NAME, values.lastName);
  if (lastName) errors.lastName = lastName;
  if (!values.email.trim()) errors.email = "Email is required";
  else if (!isEmailAddress(values.email.trim())) errors.email = "Please enter a valid email address";
  return errors;
}
