/// <reference types="vite/client" />

/** Injected by vite.config.ts from DEFAULT_PETITION_ID at build time. */
declare const __DEFAULT_PETITION_ID__: string;
/** The year of the build, for the copyright line (the same in prerendered and hydrated HTML). */
declare const __BUILD_YEAR__: number;
