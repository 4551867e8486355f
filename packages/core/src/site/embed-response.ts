import { ID_PATTERN } from "../petition/input";
import { embedSecurityHeaders } from "./embed-headers";
import { EMBED_HTML } from "./embed-widget";

/**
 * How the embeddable widget is served: at the edge, by a CloudFront Function that answers
 * `/embed/petition/*` itself (stacks/Web.ts: no origin request, no Lambda), and locally by the local
 * server with the same answer. The page is the same for every petition (its script reads the id from
 * the path); an id no petition can have is a 404 at once (the page then says so).
 */
export const EMBED_PATH_PREFIX = "/embed/petition/";

/** Browsers keep it five minutes, and so does the edge (a changed widget reaches every site within that). */
export const EMBED_CACHE_CONTROL = "public, max-age=300";

export interface EmbedResponse {
  statusCode: 200 | 404;
  headers: Record<string, string>;
  body: string;
}

/** The widget's answer for a path, or undefined for any other path. */
export function embedResponse(path: string): EmbedResponse | undefined {
  if (!path.startsWith(EMBED_PATH_PREFIX)) return undefined;
  const found = ID_PATTERN.test(path.slice(EMBED_PATH_PREFIX.length));
  return {
    statusCode: found ? 200 : 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": EMBED_CACHE_CONTROL, ...embedSecurityHeaders() },
    body: EMBED_HTML,
  };
}

/** The CloudFront Function (cloudfront-js-2.0, viewer request) that gives `embedResponse`'s answer. */
export function embedFunctionCode(): string {
  const ok = embedResponse(`${EMBED_PATH_PREFIX}p`)!;
  const headers = Object.fromEntries(Object.entries(ok.headers).map(([name, value]) => [name.toLowerCase(), { value }]));
  return `var HEADERS = ${JSON.stringify(headers)};
var BODY = ${JSON.stringify(ok.body)};
var PREFIX = ${JSON.stringify(EMBED_PATH_PREFIX)};
var ID = ${ID_PATTERN.toString()};
function handler(event) {
  var found = ID.test(event.request.uri.slice(PREFIX.length));
  return { statusCode: found ? 200 : 404, statusDescription: found ? "OK" : "Not Found", headers: HEADERS, body: { encoding: "text", data: BODY } };
}`;
}
