import { fetchAuthSession, getCurrentUser, signOut as amplifySignOut } from "aws-amplify/auth";
import { Hub } from "aws-amplify/utils";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { ApiError } from "../lib/api";
import { ADMIN_API_PREFIX } from "./api/paths";
import { isAdminPayload } from "./groups";

export type AuthState = { status: "loading" } | { status: "signedOut" } | { status: "signedIn"; username: string; isAdmin: boolean };

interface AuthContextValue {
  state: AuthState;
  refresh: () => Promise<AuthState>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The admin flag comes from the access token's groups, re-read on every auth event; never cached. */
async function readAuth(): Promise<AuthState> {
  try {
    const user = await getCurrentUser();
    const session = await fetchAuthSession();
    const accessToken = session.tokens?.accessToken;
    if (!accessToken) return { status: "signedOut" };
    return {
      status: "signedIn",
      username: user.signInDetails?.loginId ?? user.username,
      isAdmin: isAdminPayload(accessToken.payload),
    };
  } catch {
    return { status: "signedOut" };
  }
}

/** SWR keys of admin data: "/api/admin/..." URLs, or [path, query] pairs (usePagedList). */
export function isAdminKey(key: unknown): boolean {
  const first = Array.isArray(key) ? key[0] : key;
  return typeof first === "string" && first.startsWith(ADMIN_API_PREFIX);
}

/** The current access token, for `Authorization: Bearer`. */
export async function accessToken(): Promise<string> {
  const session = await fetchAuthSession().catch(() => null);
  const token = session?.tokens?.accessToken?.toString();
  if (!token) throw new ApiError(401, "Your session has expired. Please sign in again.");
  return token;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading" });
  const { mutate } = useSWRConfig();

  // The next person at this browser must see nothing of the previous session's admin data.
  const forgetAdminData = useCallback(() => mutate(isAdminKey, undefined, { revalidate: false }), [mutate]);

  const refresh = useCallback(async () => {
    const next = await readAuth();
    setState(next);
    return next;
  }, []);

  const signOut = useCallback(async () => {
    try {
      await amplifySignOut();
    } finally {
      await forgetAdminData();
      setState({ status: "signedOut" });
    }
  }, [forgetAdminData]);

  useEffect(() => {
    void refresh();
    return Hub.listen("auth", ({ payload }) => {
      if (payload.event === "signedOut") void forgetAdminData();
      if (["signedIn", "signedOut", "tokenRefresh", "tokenRefresh_failure"].includes(payload.event)) void refresh();
    });
  }, [refresh, forgetAdminData]);

  const value = useMemo(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
