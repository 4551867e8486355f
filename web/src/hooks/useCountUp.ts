import { useEffect, useRef, useState, type RefObject } from "react";
import { COUNT_UP_TICK_MS, countUpSteps, countUpValue } from "../lib/countUp";

/**
 * Counts from 0 to `target` in 50 ms ticks over 2 s, starting the first time at least half of the
 * element is visible. The prerendered HTML (and a browser without IntersectionObserver) shows the
 * target itself, so search engines and visitors without scripts never read "0%". A visitor who
 * asked for reduced motion sees the target without the animation.
 */
export function useCountUp<T extends Element>(target: number): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [value, setValue] = useState(target);
  const started = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    if (typeof IntersectionObserver === "undefined" || reducedMotion) {
      setValue(target);
      return;
    }
    let timer: ReturnType<typeof setInterval> | undefined;
    let finished = false;
    if (!started.current) setValue(0);
    const steps = countUpSteps();
    const observer = new IntersectionObserver(
      (entries) => {
        if (started.current || !entries.some((entry) => entry.isIntersecting)) return;
        started.current = true;
        observer.disconnect();
        let tick = 0;
        timer = setInterval(() => {
          tick += 1;
          setValue(countUpValue(target, tick, steps));
          if (tick >= steps) {
            finished = true;
            clearInterval(timer);
          }
        }, COUNT_UP_TICK_MS);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearInterval(timer);
      // An interrupted animation (StrictMode re-runs effects) may start again.
      if (!finished) started.current = false;
    };
  }, [target]);

  return [ref, value];
}
