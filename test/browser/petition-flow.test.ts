import { listOutbox } from "@site/core/mail/outbox";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { fileBrowser, visit } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.url });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.url });
  return context.newPage();
}

const count = async () => ((await (await fetch(`${stack.url}/api/petitions/${stack.defaultPetitionId}`)).json()) as { signatureCount: number }).signatureCount;

/** The local outbox's e-mails (the shared reader skips a message still being written). */
const outbox = () => listOutbox(stack.outboxDir);

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function fillSignForm(page: Page, person: { first: string; last: string; email: string }) {
  await page.getByLabel("First Name").fill(person.first);
  await page.getByLabel("Last Name").fill(person.last);
  await page.getByLabel("Email").fill(person.email);
}

describe("a visitor signs the default petition", () => {
  const email = `visitor-${Date.now()}@example.com`;

  it("goes from the landing page through the form to the thank-you page, and the count rises by one", async () => {
    const before = await count();
    const page = await newPage();
    await page.goto("/petition");
    await expect(page.title()).resolves.toBe("Timeshare Reform Petition");
    await page
      .getByRole("button", { name: "Sign the Petition Now" })
      .or(page.getByRole("link", { name: "Sign the Petition Now" }))
      .first()
      .click();
    await page.waitForURL(`**/sign/${stack.defaultPetitionId}`);
    await page.getByText("Fair Cancellation Rights for Timeshare Owners").first().waitFor();

    await fillSignForm(page, { first: "Maria", last: "Gonzalez", email });
    await page.getByLabel("Timeshare Name").fill("Sunset Shores");
    await page.getByRole("button", { name: "Sign Petition" }).click();
    await page.getByText("Thank you for signing the petition!").waitFor();
    await expect(page.getByRole("link", { name: "View Petition Progress" }).getAttribute("href")).resolves.toBe(`/share/${stack.defaultPetitionId}`);
    await page.waitForURL(`**/thank-you/${stack.defaultPetitionId}`, { timeout: 10_000 });
    await page.getByText("Thank You for Signing!").waitFor();

    expect(await count()).toBe(before + 1);
    await visit(page, `/share/${stack.defaultPetitionId}`);
    await page.getByText("Spread the Word—Every Signature Counts!").waitFor();
    await page.getByText(`${(before + 1).toLocaleString("en-US")} of 10,000 signatures collected`).waitFor();

    await page.getByRole("button", { name: "Copy Link" }).click();
    await page.getByText("Link copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${stack.url}/sign/${stack.defaultPetitionId}`);
    await page.context().close();
  });

  it("shows the signer their own signature at once, though the edge serves an older copy of the petition", async () => {
    const page = await newPage();
    const petitionUrl = `**/api/petitions/${stack.defaultPetitionId}`;
    let signed = false;
    let staleAfterSigning = 0;
    // CloudFront may answer a poll from a copy up to s-maxage + stale-while-revalidate old: play it
    await page.route(petitionUrl, async (route) => {
      const response = await route.fetch();
      const petition = (await response.json()) as { signatureCount: number };
      if (signed) staleAfterSigning++;
      await route.fulfill({ response, json: { ...petition, signatureCount: Math.max(0, petition.signatureCount - 3) } });
    });
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/signatures")) signed = true;
    });
    await visit(page, `/sign/${stack.defaultPetitionId}`);
    await page.getByText("Fair Cancellation Rights for Timeshare Owners").first().waitFor();
    await fillSignForm(page, { first: "Ines", last: "Moreau", email: `own-count-${Date.now()}@example.com` });
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/signatures"));
    await page.getByRole("button", { name: "Sign Petition" }).click();
    const { signatureCount } = (await (await answer).json()) as { signatureCount: number };
    await page.waitForURL(`**/thank-you/${stack.defaultPetitionId}`, { timeout: 10_000 });
    const own = page.getByText(`${signatureCount.toLocaleString("en-US")} of 10,000 signatures collected`);
    await own.waitFor();
    // the visitor comes back to the tab: the page refreshes the petition at once (its poll would in 10 s)
    // and the edge answers with its older copy; rendered, it must not lower the signer's own count
    const stalePoll = page.waitForResponse((r) => r.request().method() === "GET" && r.url().endsWith(`/api/petitions/${stack.defaultPetitionId}`));
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await stalePoll;
    expect(staleAfterSigning).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await own.isVisible()).toBe(true);
    await page.context().close();
  });

  it("puts the signer's share e-mail and the admin notification in the outbox", async () => {
    const mails = await waitFor(async () => {
      const all = await outbox();
      const share = all.find((m) => m.to.includes(email));
      const admin = all.find((m) => m.to.includes(stack.admin.email) && m.text.includes(email));
      return share && admin ? { share, admin } : undefined;
    });
    expect(mails.share.text).toContain(`/sign/${stack.defaultPetitionId}`);
    expect(mails.admin.text).toContain("Maria Gonzalez");
    expect(mails.admin.text).toContain("Sunset Shores");
  });

  it("answers the same e-mail a second time as a first signature, counts nothing and e-mails 'already signed' (no enumeration)", async () => {
    const before = await count();
    const page = await newPage();
    await visit(page, `/sign/${stack.defaultPetitionId}`);
    await fillSignForm(page, { first: "Maria", last: "Gonzalez", email: email.toUpperCase() });
    await page.getByRole("button", { name: "Sign Petition" }).click();
    await page.getByText("Thank you for signing the petition!").waitFor();
    const already = await waitFor(async () => (await outbox()).find((m) => m.to.includes(email) && m.subject === "You have already signed this petition"));
    expect(already.text).toContain(`/sign/${stack.defaultPetitionId}`);
    expect(await count()).toBe(before);
    await page.context().close();
  });

  it("withdraws the signature: the share e-mail's page e-mails a link, whose button drops the count by one; a second try says it is done", async () => {
    const share = await waitFor(async () => (await outbox()).find((m) => m.to.includes(email) && /spread the word/i.test(m.subject)));
    // the e-mail people forward names the page without a token: the page e-mails one to the signer
    const asked = new URL(/We can e-mail you a link to withdraw your signature: (\S+)/.exec(share.text)![1]);
    const before = await count();
    const page = await newPage();
    await visit(page, `${asked.pathname}${asked.search}`);
    await page.getByRole("heading", { name: "Withdraw your signature" }).waitFor();
    await page.getByRole("button", { name: "E-mail me a withdrawal link" }).click();
    await page.getByText("a link to withdraw it is on its way").waitFor();
    expect(await page.getByRole("button", { name: "Withdraw my signature" }).count()).toBe(0);
    const mail = await waitFor(async () => (await outbox()).find((m) => m.to.includes(email) && m.subject === "Your link to withdraw your signature"));
    const link = new URL(/^(https?:\S+withdraw\S+)$/m.exec(mail.text)![1]);
    await visit(page, `${link.pathname}${link.search}`);
    await page.getByRole("heading", { name: "Withdraw your signature" }).waitFor();
    await page.getByText("Fair Cancellation Rights for Timeshare Owners").first().waitFor();
    await page.getByRole("button", { name: "Withdraw my signature" }).click();
    await page.getByText("Your signature has been withdrawn").waitFor();
    await expect.poll(count, { timeout: 15_000 }).toBe(before - 1);
    await visit(page, `${link.pathname}${link.search}`);
    await page.getByRole("button", { name: "Withdraw my signature" }).click();
    await page.getByText("This signature has already been withdrawn").waitFor();
    expect(await count()).toBe(before - 1);
    await page.context().close();
  });
});

describe("pages and routing", () => {
  it("serves prerendered HTML for /petition before any script runs", async () => {
    const html = await (await fetch(`${stack.url}/petition`)).text();
    expect(html).toContain("Sign the Petition Now");
    expect(html).toContain(`/sign/${stack.defaultPetitionId}`);
  });

  it("answers unknown paths with the 404 page and status 404, and the site's pages with 200", async () => {
    for (const unknown of ["/no/such/page", "/petitions", "/sign", "/404"]) {
      const res = await fetch(`${stack.url}${unknown}`);
      expect(res.status, unknown).toBe(404);
      expect(await res.text(), unknown).toContain("Page Not Found");
    }
    for (const page of ["/", "/petition", `/sign/${stack.defaultPetitionId}`, "/admin/login", "/unauthorized"]) {
      const res = await fetch(`${stack.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).not.toContain("<title>Page Not Found");
    }
  });

  it("sends unknown paths to /404 and 'Go Back' returns to the previous page", async () => {
    const page = await newPage();
    await page.goto("/petition");
    await visit(page, "/no/such/page");
    await page.waitForURL("**/404");
    await page.getByText("Page Not Found").waitFor();
    await page.getByRole("button", { name: "Go Back" }).click();
    await page.waitForURL("**/petition");
    await page.context().close();
  });

  it("the sign, share and thank-you pages arrive rendered and the app hydrates them without a mismatch", async () => {
    for (const path of [`/sign/${stack.defaultPetitionId}`, `/share/${stack.defaultPetitionId}`, `/thank-you/${stack.defaultPetitionId}`]) {
      const page = await newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(m.text());
      });
      page.on("pageerror", (e) => problems.push(e.message));
      // The heading as the HTML delivered it, before any script ran: hydration keeps that node; a
      // mismatch would make React throw the server's HTML away and render its own.
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { served: Element | null }).served = document.querySelector("h1");
        });
      });
      await page.goto(path);
      await page.locator("html[data-app=ready]").waitFor();
      const { kept, heading } = await page.evaluate(() => ({
        kept: (window as unknown as { served: Element | null }).served === document.querySelector("h1") && document.querySelector("h1") !== null,
        heading: document.querySelector("h1")?.textContent ?? "",
      }));
      expect(heading, path).not.toBe("");
      expect(kept, path).toBe(true);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("shows 'Petition not found' for an unknown petition", async () => {
    const page = await newPage();
    await page.goto("/sign/does-not-exist");
    await page.getByText("Petition not found").first().waitFor();
    await page.context().close();
  });

  it("never downloads Amplify or calls Cognito on public pages", async () => {
    const page = await newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto("/petition");
    await visit(page, `/sign/${stack.defaultPetitionId}`);
    await page.getByLabel("First Name").waitFor();
    const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    expect([...requests, ...scripts].some((u) => /amplify|cognito/i.test(u) || u.startsWith(stack.cognito))).toBe(false);
    expect(requests.every((u) => u.startsWith(stack.url) || u.startsWith("data:"))).toBe(true);
    await page.context().close();
  });
});
