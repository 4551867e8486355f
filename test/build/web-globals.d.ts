/** What vite.config.ts injects into web code that the build tests import (see web/src/vite-env.d.ts). */
declare const __DEFAULT_PETITION_ID__: string;
declare const __DONATION_URL__: string;
declare const __SITE_URL__: string;
