// @vitest-environment jsdom
/** The dashboard's card of e-mail the domain brake holds (issue 39, H1), against a fake admin API. */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement as h } from "react";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installBrowserShims, withMantine } from "./dom-setup";
import { fakeAdminApi } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));

const { HeldMailCard, HELD_MAIL_TITLE, ALLOW_LABEL, ALLOW_NETWORK_LABEL, DISCARD_LABEL } = await import("../src/admin/components/HeldMailCard");

const REASON = "more than 20 e-mails an hour to addresses at this domain were asked for through the site's forms";
const held = (domain: string, count: number) => ({ domain, network: false, held: count, firstHeldAt: "2025-03-08T14:15:00.000Z", reason: REASON });

const renderCard = () => render(withMantine(h(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, h("main", null, h(HeldMailCard)))));

beforeAll(installBrowserShims);
beforeEach(() => fakeAdminApi.reset());
afterEach(cleanup);

describe("the dashboard's held e-mail card", () => {
  it("names each domain, how much waits, since when and why; allowing one calls until nothing is left", async () => {
    let domains = [held("catchall.example", 1980), held("school.example", 3)];
    let remaining = 1980;
    fakeAdminApi.serve({
      "GET /api/admin/mail/held": () => ({ domains }),
      "POST /api/admin/mail/held/release": () => {
        const done = Math.min(1000, remaining);
        remaining -= done;
        if (remaining === 0) domains = domains.slice(1);
        return { done, remaining };
      },
    });
    renderCard();
    await screen.findByText(HELD_MAIL_TITLE);
    const text = document.body.textContent ?? "";
    expect(text).toContain("catchall.example: 1,980 e-mails held since 03/08/2025");
    expect(text).toContain(REASON);
    expect(text).toContain("school.example: 3 e-mails held");

    fireEvent.click(screen.getByRole("button", { name: `${ALLOW_LABEL} catchall.example` }));
    await waitFor(() => expect(document.body.textContent).not.toContain("catchall.example"));
    expect(fakeAdminApi.callsTo("POST /api/admin/mail/held/release").map((c) => c.body)).toEqual([
      { domain: "catchall.example" },
      { domain: "catchall.example" },
    ]);
    expect(screen.getByRole("button", { name: `${DISCARD_LABEL} the e-mail held for school.example` })).toBeTruthy();
  });

  it("names a network whose forms asked for too much as a network, and allowing it sends its name", async () => {
    const reason = "more than 100 e-mails an hour were asked for through the site's forms from this network (one IPv6 /48)";
    let domains = [{ domain: "2001:db8:1::/48", network: true, held: 40, firstHeldAt: "2025-03-08T14:15:00.000Z", reason }];
    fakeAdminApi.serve({
      "GET /api/admin/mail/held": () => ({ domains }),
      "POST /api/admin/mail/held/release": () => {
        domains = [];
        return { done: 40, remaining: 0 };
      },
    });
    renderCard();
    await screen.findByText(HELD_MAIL_TITLE);
    expect(document.body.textContent).toContain(`2001:db8:1::/48: 40 e-mails held since 03/08/2025`);
    expect(document.body.textContent).toContain("Many forms from one network");
    expect(screen.queryByRole("button", { name: `${ALLOW_LABEL} 2001:db8:1::/48` })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: `${ALLOW_NETWORK_LABEL} 2001:db8:1::/48` }));
    await waitFor(() => expect(document.body.textContent).not.toContain("2001:db8:1::/48"));
    expect(fakeAdminApi.callsTo("POST /api/admin/mail/held/release").map((c) => c.body)).toEqual([{ domain: "2001:db8:1::/48" }]);
  });

  it("discards a domain's held e-mail, and shows nothing once nothing waits", async () => {
    let domains = [held("catchall.example", 2)];
    fakeAdminApi.serve({
      "GET /api/admin/mail/held": () => ({ domains }),
      "POST /api/admin/mail/held/discard": () => {
        domains = [];
        return { done: 2, remaining: 0 };
      },
    });
    renderCard();
    fireEvent.click(await screen.findByRole("button", { name: `${DISCARD_LABEL} the e-mail held for catchall.example` }));
    await waitFor(() => expect(screen.queryByText(HELD_MAIL_TITLE)).toBeNull());
    expect(fakeAdminApi.callsTo("POST /api/admin/mail/held/discard")).toHaveLength(1);
  });
});
