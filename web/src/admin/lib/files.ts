const pad = (n: number) => String(n).padStart(2, "0");

/** "2025-03-08": the (local) calendar day of `now`, as an export's file names it. */
export const localDay = (now: Date = new Date()) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** "`<name>`-2025-03-08.csv": a download's file, named by what it holds and the (local) day it was made. */
export const datedFileName = (name: string, extension: "csv" | "json" = "csv", now: Date = new Date()) => `${name}-${localDay(now)}.${extension}`;
