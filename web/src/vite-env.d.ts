/// <reference types="vite/client" />

/** Injected by vite.config.ts from DEFAULT_PETITION_ID at build time. */
declare const __DEFAULT_PETITION_ID__: string;
/** The year of the build, for the copyright line (the same in prerendered and hydrated HTML). */
declare const __BUILD_YEAR__: number;
/** Injected by vite.config.ts from DONATION_URL at build time ("" when unset). */
declare const __DONATION_URL__: string;
/** Injected by vite.config.ts from SITE_URL at build time: the site's origin, for canonical and share URLs. */
declare const __SITE_URL__: string;
