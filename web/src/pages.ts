import { loadAllDeferred } from "./lib/deferred";
import { lazyPage, type LazyPage } from "./lib/lazyPage";
import { importPage } from "./pageModules";
import { PUBLIC_ROUTES, type PublicPath } from "./publicRoutes";

/** The page of every public route, each in its own chunk (pageModules.ts), rendered by App. */
export const PAGES = Object.fromEntries(PUBLIC_ROUTES.map(({ path }) => [path, lazyPage(() => importPage(path))])) as Record<PublicPath, LazyPage>;

/**
 * Loads every page, and what they load later in the browser (lib/deferred.ts): the prerenderer renders
 * them all synchronously and in full, as do component tests.
 */
export async function preloadAllPages(): Promise<void> {
  await Promise.all(Object.values(PAGES).map((page) => page.preload()));
  await loadAllDeferred();
}
