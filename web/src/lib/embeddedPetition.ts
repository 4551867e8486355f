import { PETITION_DATA_ID } from "@site/core/site/page-head";
import type { Petition } from "./api";

let embedded: Petition | null | undefined;

/**
 * The petition the page was served with (packages/functions/src/http/petition-page.ts puts it in a
 * JSON data block), if it is petition `id`: the sign and share pages render it at once, then keep it
 * live from the API as usual.
 */
export function embeddedPetition(id: string | undefined): Petition | undefined {
  if (embedded === undefined) {
    const text = typeof document === "undefined" ? null : document.getElementById(PETITION_DATA_ID)?.textContent;
    try {
      embedded = text ? (JSON.parse(text) as Petition) : null;
    } catch {
      embedded = null;
    }
  }
  return embedded && id !== undefined && embedded.id === id ? embedded : undefined;
}

/** For rendering on the server (web/src/entry-server.tsx): the petition the page is rendered with. */
export function provideEmbeddedPetition(petition: Petition | null) {
  embedded = petition;
}
