/** Client-side checks of the sign form (spec §5); the API checks again. */
export interface SignatureFormValues {
  firstName: string;
  lastName: string;
  email: string;
  timeshareName: string;
  newsletterConsent: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSignature(values: SignatureFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.firstName.trim()) errors.firstName = "First name is required";
  if (!values.lastName.trim()) errors.lastName = "Last name is required";
  if (!values.email.trim()) errors.email = "Email is required";
  else if (!EMAIL.test(values.email.trim())) errors.email = "Please enter a valid email address";
  return errors;
}
