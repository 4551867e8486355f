/** Whether an access-token payload puts its user in the Cognito "admin" group. */
export const ADMIN_GROUP = "admin";

export function isAdminPayload(payload: Record<string, unknown> | undefined | null): boolean {
  const groups = payload?.["cognito:groups"];
  return Array.isArray(groups) && groups.includes(ADMIN_GROUP);
}
