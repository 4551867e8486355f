export { CtaBand } from "./CtaBand";
export { IconCardGrid } from "./IconCardGrid";
export { LinkButton } from "./LinkButton";
export { PageHero } from "./PageHero";
export { Section } from "./Section";
export { Steps, type Step } from "./Steps";
export { default as pageClasses } from "./Page.module.css";
