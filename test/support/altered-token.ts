/**
 * A token with one character of its signature changed, always to a different one. Not at the very end:
 * base64url's last character carries padding bits a lenient decoder ignores, so changing it alone may
 * decode to the same bytes; and a fixed replacement ("…AA") equals the original once in 4,096 tokens.
 */
export function alteredToken(token: string): string {
  const at = token.length - 3;
  const replacement = token[at] === "A" ? "B" : "A";
  return token.slice(0, at) + replacement + token.slice(at + 1);
}
