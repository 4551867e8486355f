import { describe, expect, it } from "vitest";
import { progressFigures } from "../src/petition/figures";
import { escapeHtml, withHead, withPetitionData } from "../src/site/page-head";
import { TEMPLATE_PETITION, TEMPLATE_PETITION_ID, escapeAsReact, figuresOf, fillPetitionTemplate, templateOf } from "../src/site/petition-template";

const petition = { id: "heirs-fees", title: `A & "B" <c> 'd'`, story: "One\nTwo %%PETITION_TITLE%%", goal: 0, signatureCount: 1234 };

describe("petition page templates", () => {
  it("the template petition's id is never a real one and survives encodeURIComponent", () => {
    expect(/^[a-z0-9-]{1,64}$/.test(TEMPLATE_PETITION_ID)).toBe(false);
    expect(encodeURIComponent(TEMPLATE_PETITION_ID)).toBe(TEMPLATE_PETITION_ID);
  });

  it("fills every token: id, escaped text and the progress figures", () => {
    const figures = figuresOf(TEMPLATE_PETITION);
    const template =
      `<div data-prerendered="/sign/${TEMPLATE_PETITION.id}"><h1>${TEMPLATE_PETITION.title}</h1><p>${TEMPLATE_PETITION.story}</p>` +
      `<b>${figures.count} of ${figures.goal}</b><i style="--size:${figures.value}%">${figures.percent}%</i><a href="/share/${TEMPLATE_PETITION.id}"></a></div>`;
    expect(fillPetitionTemplate(template, petition)).toBe(
      `<div data-prerendered="/sign/heirs-fees"><h1>A &amp; &quot;B&quot; &lt;c&gt; &#x27;d&#x27;</h1><p>One\nTwo %%PETITION_TITLE%%</p>` +
        `<b>1,234 of 2,000</b><i style="--size:61.7%">61.7%</i><a href="/share/heirs-fees"></a></div>`,
    );
  });

  it("a token inside the petition's own text is left as the visitor wrote it", () => {
    expect(fillPetitionTemplate(`<p>${TEMPLATE_PETITION.story}</p>`, petition)).toContain("%%PETITION_TITLE%%");
  });

  it("real petitions get their figures, clamped and unrounded in the bar", () => {
    expect(figuresOf({ id: "x", signatureCount: 1, goal: 3 })).toEqual({ count: "1", goal: "3", value: "33.33333333333333", percent: "33.3" });
    expect(progressFigures({ signatureCount: 25_000, goal: 10 })).toMatchObject({ count: "25,000", value: "100", percent: "100.0" });
    expect(progressFigures({ signatureCount: 0, goal: null })).toMatchObject({ goal: "2,000", value: "0", percent: "0.0" });
  });

  it("escapes like React's server renderer", () => {
    expect(escapeAsReact(`<&>"'`)).toBe("&lt;&amp;&gt;&quot;&#x27;");
  });

  it("knows the template of each petition page path", () => {
    expect(templateOf("/sign/a")).toBe("sign");
    expect(templateOf("/share/a")).toBe("share");
    expect(templateOf("/thank-you/a")).toBe("thank-you");
    expect(templateOf("/constructor/a")).toBeUndefined();
  });
});

describe("an administrator's text placed into a page", () => {
  // In a replacement string "$`" is everything before the match and "$&" the match itself.
  const title = "Fees $` and $& and $' too";
  const html = "<html><head><title>x</title></head><body><div id=root></div></body></html>";

  it("goes into the head as written (escaped for HTML), never expanded as a replacement pattern", () => {
    const page = withHead(html, { title, description: `Costs $$ and $&`, path: "/sign/x", image: "/i.jpg", imageAlt: "i" }, "https://example.org");
    expect(page).toContain(`<title>${escapeHtml(title)}</title>`);
    expect(page).toContain(escapeHtml("Costs $$ and $&"));
    expect(page.match(/<html>/g)).toHaveLength(1);
  });

  it("goes into the petition's data block as written", () => {
    const page = withPetitionData(html, { id: "x", title });
    const json = /<script type="application\/json" id="petition-data">(.*)<\/script>/.exec(page)![1]!;
    expect(JSON.parse(json)).toEqual({ id: "x", title });
    expect(page.match(/<body>/g)).toHaveLength(1);
  });
});
