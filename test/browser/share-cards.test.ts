/**
 * A petition link unfurls with that petition's card: social networks' crawlers run no JavaScript, so
 * the HTML served for /sign/{id} and /share/{id} must carry the petition's tags, for petitions created
 * after the site was built too (packages/functions/src/http/petition-page.ts, routed like CloudFront does).
 */
import { describe, expect, inject, it } from "vitest";
import { signIn } from "../support/tokens";

const stack = inject("stack");
const CRAWLER = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

function meta(html: string, key: string): string | undefined {
  const match = html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

async function crawl(path: string) {
  const res = await fetch(`${stack.url}${path}`, { headers: { "user-agent": CRAWLER } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

async function adminToken(): Promise<string> {
  const { accessToken } = await signIn(
    { endpoint: stack.cognito, userPoolId: stack.userPool.userPoolId, clientId: stack.userPool.clientId },
    `cards-${crypto.randomUUID().slice(0, 8)}@example.org`,
    true,
  );
  return accessToken;
}

describe("petition links seen by a crawler (no JavaScript)", () => {
  it("/sign/{id} of the default petition carries its title in og:title, its story and the petition card", async () => {
    const petition = (await (await fetch(`${stack.url}/api/petitions/${stack.defaultPetitionId}`)).json()) as { title: string; story: string };
    const { status, html, headers } = await crawl(`/sign/${stack.defaultPetitionId}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/html/);
    expect(headers.get("cache-control")).toBe("public, max-age=60");
    // compressed, as CloudFront serves it (the local server plays CloudFront)
    expect(headers.get("content-encoding")).toBe("gzip");
    expect(meta(html, "og:title")).toContain(petition.title);
    expect(meta(html, "twitter:title")).toContain(petition.title);
    expect(petition.story.startsWith(meta(html, "og:description")!.replace(/…$/, ""))).toBe(true);
    expect(meta(html, "og:type")).toBe("article");
    expect(meta(html, "og:url")).toBe(`${stack.url}/sign/${stack.defaultPetitionId}`);
    expect(html).toContain(`<link rel="canonical" href="${stack.url}/sign/${stack.defaultPetitionId}" />`);
    const image = await fetch(meta(html, "og:image")!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    // one set of tags: the shell's generic ones were replaced, not added to
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    // and it is still the app: a browser gets the same page and the scripts take over
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/index-[^"]+\.js"/);
    // ...over the page already rendered for this petition (filled in from the prerendered template)
    expect(html).toContain(`<div id="root" data-prerendered="/sign/${stack.defaultPetitionId}">`);
    expect(html).not.toMatch(/__PETITION_ID__|%%[A-Z_]+%%/);
  });

  it("a petition created after the build unfurls from /share/{id} too, its text escaped", async () => {
    const title = `Heirs & "Inherited" Fees <Now> ${Date.now()}`;
    const story = "Families are billed for contracts they never signed. It's time for a fair rule.";
    const res = await fetch(`${stack.url}/api/admin/petitions`, {
      method: "POST",
      headers: { authorization: `Bearer ${await adminToken()}`, "content-type": "application/json" },
      body: JSON.stringify({ title, story, goal: 500 }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    for (const path of [`/share/${id}`, `/sign/${id}`]) {
      const { status, html } = await crawl(path);
      expect(status, path).toBe(200);
      expect(meta(html, "og:title"), path).toBe(`${title} | Timeshare Owners Foundation`);
      expect(meta(html, "og:description"), path).toBe(story);
      expect(meta(html, "og:url"), path).toBe(`${stack.url}/sign/${id}`);
      expect(html, path).not.toContain("<Now>");
      // the page itself shows it, escaped as React escapes text
      expect(html, path).toContain("Heirs &amp; &quot;Inherited&quot; Fees &lt;Now&gt;");
      expect(html, path).toContain(`data-prerendered="${path}"`);
      // the petition travels with the page, so the app renders it without fetching it first
      const data = html.match(/<script type="application\/json" id="petition-data">([^<]*)<\/script>/)?.[1];
      expect(data, path).toBeDefined();
      expect(JSON.parse(data!)).toMatchObject({ id, title, story, goal: 500 });
    }
  });

  it("/thank-you/{id} carries the petition too, but is never indexed", async () => {
    const { status, html } = await crawl(`/thank-you/${stack.defaultPetitionId}`);
    expect(status).toBe(200);
    expect(meta(html, "robots")).toBe("noindex");
    expect(html).toContain('id="petition-data"');
  });

  it("an unknown petition answers 404 with the generic card, kept out of search results", async () => {
    const { status, html } = await crawl("/sign/no-such-petition-here");
    expect(status).toBe(404);
    expect(meta(html, "og:title")).toBe("Sign the Petition | Timeshare Owners Foundation");
    expect(meta(html, "robots")).toBe("noindex");
    // the app's shell, which renders "petition unavailable" in the browser
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("petition-data");
  });
});
