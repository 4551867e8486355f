import type { ComponentType } from "react";
import { PAGE_MODULES } from "./pageSources";
import { routeOf, type PublicPath } from "./publicRoutes";

/**
 * Loading the page of each public route (the module pageSources.ts names). No React here: the
 * bootstrap (main.tsx) uses this to fetch the current page's chunk alongside the app's.
 */

export { PAGE_SOURCES } from "./pageSources";

/** Every page module, loaded on demand: each becomes its own chunk. */
const modules = import.meta.glob<Record<string, ComponentType>>("./pages/**/*Page.tsx");

const loading = new Map<PublicPath, Promise<ComponentType>>();

/** The page component of `path`, loaded once. */
export function importPage(path: PublicPath): Promise<ComponentType> {
  let page = loading.get(path);
  if (!page) {
    const [module, component] = PAGE_MODULES[path];
    const importer = modules[module];
    if (!importer) throw new Error(`No page module ${module} (web/src/pageSources.ts)`);
    page = importer().then((m) => {
      const Page = m[component];
      if (!Page) throw new Error(`${module} exports no ${component}`);
      return Page;
    });
    loading.set(path, page);
  }
  return page;
}

/** Starts loading the page that `pathname` shows, if it is a public page (not the admin area). */
export function preloadPageFor(pathname: string): Promise<unknown> {
  const route = routeOf(pathname);
  return route ? importPage(route.path) : Promise.resolve();
}
