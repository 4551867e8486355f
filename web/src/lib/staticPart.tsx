import { lazy, Suspense, type ComponentType } from "react";
import type { Deferred } from "./deferred";
import { onServedPage } from "./hydration";

/**
 * A part of a prerendered page that only shows what its module holds (a guide's text, its sections
 * and sources): nothing to do until the visitor acts. Hydrating the page, React keeps the server's
 * HTML of the part as it is (a Suspense boundary whose content is not here yet) and the part's code
 * (`module`) loads at the visitor's first interaction with the page (a pointer or a key pressed, a
 * touch, a wheel turned),
 * then the part is hydrated like the rest: the page's first load does without it, and nothing on the
 * screen changes. Shown by the app (a visit that starts elsewhere), the part loads at once.
 * Prerendering, every deferred module is loaded first (pages.ts `preloadAllPages`).
 *
 * Until then the part's links are the HTML's own: one followed before that is a normal page load.
 */
export function staticPart<M, V extends { module: M }>(module: Deferred<M>, View: ComponentType<V>): ComponentType<Omit<V, "module">> {
  type P = Omit<V, "module">;
  function Shown(props: P) {
    return <View {...({ ...props, module: module.loaded! } as V)} />;
  }
  const shown = { default: Shown };
  // A thenable that has resolved already: React renders a loaded part without suspending.
  const now = { then: (resolve: (value: typeof shown) => void) => resolve(shown) };
  const Later = lazy(() => {
    if (module.loaded) return now as unknown as Promise<typeof shown>;
    const when = onServedPage() ? firstInteraction() : Promise.resolve();
    return when.then(() => module.load()).then(() => shown);
  });
  function StaticPart(props: P) {
    return <Suspense fallback={null}>{typeof window === "undefined" ? <Shown {...props} /> : <Later {...props} />}</Suspense>;
  }
  StaticPart.displayName = `StaticPart(${View.displayName ?? View.name})`;
  return StaticPart;
}

/**
 * What only a visitor does: press a pointer or a key, touch, turn a wheel. (Not scroll or focus events,
 * which a script can cause, nor pointer moves, which the browser sends by itself when the page moves
 * under the pointer.)
 */
const INTERACTIONS = ["pointerdown", "touchstart", "keydown", "wheel"] as const;
let interacted: Promise<void> | undefined;

/** Resolves at the visitor's first interaction with the page: a pointer or a key pressed, a touch, a wheel turned. */
export function firstInteraction(): Promise<void> {
  return (interacted ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  }));
}
