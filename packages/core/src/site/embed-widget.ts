import { DISPLAY_FALLBACK_GOAL } from "../petition/figures";
import { publicCountPath } from "../signature/public-count-info";

export { embedPath } from "../signature/public-count-info";

/**
 * The embeddable widget (`/embed/petition/{id}`, served by site/embed-response.ts; docs/public-api.md
 * "The widget"): one small page,
 * no framework, that other sites put in an `<iframe>`. It fetches the petition's public count from
 * its own origin, shows the title, the count, a progress bar and a button that opens the petition
 * page in a new tab, and refreshes once a minute while visible. No cookie, no storage, no request to
 * any other origin. Its inline style and script are allowed by their hashes
 * (embed-headers.ts `embedSecurityHeaders`, which also lets any site frame it).
 */

export const EMBED_STYLE = `body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#fff}
main{padding:16px;border:1px solid #d0d7de;border-radius:12px}
h1{font-size:17px;margin:0 0 8px}
p{margin:0 0 8px;font-weight:700;color:#016956}
.bar{height:10px;border-radius:5px;background:#e6f8f4;overflow:hidden;margin-bottom:12px}
.bar i{display:block;height:100%;width:0;background:#017f6a}
a{display:inline-block;padding:8px 16px;border-radius:20px;background:#017f6a;color:#fff;font-weight:700;text-decoration:none}
a:focus-visible{outline:3px solid #e0ac3f;outline-offset:2px}
[hidden]{display:none}`;

export const EMBED_SCRIPT = `(function(){
var id=decodeURIComponent(location.pathname.split("/").pop()||""),$=function(i){return document.getElementById(i)},n=function(v){return v.toLocaleString("en-US")};
$("s").href="/sign/"+encodeURIComponent(id);
function show(p){
var c=p.signatureCount,g=p.goal>0?p.goal:${DISPLAY_FALLBACK_GOAL},b=$("b");
$("t").textContent=p.title;
$("c").textContent=n(c)+(c===1?" signature":" signatures")+" of "+n(g);
$("f").style.width=Math.min(100,c/g*100)+"%";
b.setAttribute("aria-valuenow",c);b.setAttribute("aria-valuemax",g);
$("s").hidden=false}
function load(){fetch(${JSON.stringify(publicCountPath("ID"))}.replace("ID",encodeURIComponent(id)),{credentials:"omit"}).then(function(r){if(!r.ok)throw r.status;return r.json()}).then(show,function(e){if(e===404){$("t").textContent="This petition is not available.";$("s").hidden=true}})}
load();setInterval(function(){document.hidden||load()},60000)})();`;

export const EMBED_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Petition</title>
<style>${EMBED_STYLE}</style>
</head>
<body>
<main>
<h1 id="t">Loading the petition…</h1>
<p id="c"></p>
<div class="bar" id="b" role="progressbar" aria-labelledby="c" aria-valuemin="0"><i id="f"></i></div>
<a id="s" href="/" target="_blank" rel="noopener" hidden>Sign the petition</a>
</main>
<script>${EMBED_SCRIPT}</script>
</body>
</html>
`;
