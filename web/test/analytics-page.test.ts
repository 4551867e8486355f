// @vitest-environment jsdom
/** /admin/analytics against a fake admin API. */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { createElement as h } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsReport, RecentVisits } from "../src/admin/pages/analytics/analyticsApi";
import { installBrowserShims, withMantine } from "./dom-setup";
import { fakeAdminApi, queryOf } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
const downloads = vi.hoisted(() => ({ csv: [] as { csv: string; fileName: string }[] }));
vi.mock("../src/lib/download", () => ({
  downloadCsv: (csv: string, fileName: string) => downloads.csv.push({ csv, fileName }),
  downloadText: () => {},
}));
vi.setConfig({ testTimeout: 20_000 });

const { AnalyticsPage } = await import("../src/admin/pages/analytics/AnalyticsPage");
const { bucketLabel, rate } = await import("../src/admin/pages/analytics/reportView");

const hours = Array.from({ length: 24 }, (_, i) => ({ at: new Date(Date.UTC(2025, 2, 9, i + 1)).toISOString(), pageviews: i === 19 ? 42 : i % 3 }));
const REPORT: AnalyticsReport = {
  range: { from: "2025-03-03T05:00:00.000Z", to: "2025-03-10T04:00:00.000Z", bucket: "day" },
  totals: { pageviews: 1234, visitors: 321 },
  topLocation: { label: "Miami, US", count: 400 },
  topDevice: { label: "Mobile", count: 800 },
  locations: [
    { label: "Miami, US", count: 400 },
    { label: "Orlando, US", count: 200 },
    { label: "Toronto, CA", count: 100 },
    { label: "", count: 90 },
    { label: "London, GB", count: 50 },
    { label: "Paris, FR", count: 10 },
  ],
  devices: [
    { label: "Mobile", count: 800 },
    { label: "Desktop", count: 400 },
    { label: "Tablet", count: 34 },
  ],
  browsers: [{ label: "Chrome", count: 900 }],
  os: [{ label: "iOS", count: 600 }],
  pages: [
    { label: "/petition", count: 700 },
    { label: "/report-scam", count: 100 },
  ],
  referrers: [{ label: "news.example.org", count: 55 }],
  sources: [{ label: "newsletter", count: 33 }],
  campaigns: [{ label: "spring", count: 22 }],
  events: [
    { label: "sign_petition_main", count: 50 },
    { label: "signature", count: 20 },
  ],
  series: [
    { at: "2025-03-08T05:00:00.000Z", pageviews: 600, visitors: 150 },
    { at: "2025-03-09T05:00:00.000Z", pageviews: 634, visitors: 171 },
  ],
  hourly: hours,
  funnels: { petition: { views: 200, clicks: 50, signatures: 20 }, report: { started: 0, submitted: 0 } },
};
const RECENT: RecentVisits = {
  items: [
    {
      at: "2025-03-09T19:05:00.000Z",
      ip: "203.0.113.0",
      location: "Miami, US",
      device: "Mobile",
      browser: "Safari",
      os: "iOS",
      path: "/petition?utm_source=newsletter",
    },
    { at: "2025-03-09T18:59:00.000Z", ip: "2001:db8:1234::", location: "", device: "Desktop", browser: "Firefox", os: "Linux", path: "/" },
  ],
};

const reportCalls = () => fakeAdminApi.callsTo("* /api/admin/analytics");

function serve(report: AnalyticsReport | Error = REPORT, recent: RecentVisits | Error = RECENT) {
  fakeAdminApi.serve({ "* /api/admin/analytics": report, "* /api/admin/analytics/recent": recent });
}

function renderPage() {
  return render(
    withMantine(
      h(
        SWRConfig,
        { value: { provider: () => new Map(), dedupingInterval: 0 } },
        h(MemoryRouter, { initialEntries: ["/admin/analytics"] }, h(Routes, null, h(Route, { path: "/admin/analytics", element: h(AnalyticsPage) }))),
      ),
    ),
  );
}

const card = (name: string) => screen.getByRole("region", { name });
const cardValue = (name: string) => within(card(name)).getByTestId("card-value").textContent;
const rowsOf = (table: string) =>
  within(screen.getByRole("table", { name: table }))
    .getAllByRole("row")
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    );

beforeAll(() => {
  installBrowserShims();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  fakeAdminApi.reset();
  downloads.csv.length = 0;
});
afterEach(cleanup);

describe("/admin/analytics", () => {
  it("shows the spec's cards, the top-5 locations, the devices, the other tables and the recent visitors", async () => {
    serve();
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Website Analytics" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Loading analytics...");
    await screen.findByRole("region", { name: "Total visitors" });
    expect(queryOf(reportCalls()[0]!.url)).toEqual({ range: "7d" });

    expect(cardValue("Total visitors")).toBe("1,234");
    expect(cardValue("Unique visitors")).toBe("321");
    expect(cardValue("Top location")).toBe("Miami, US");
    expect(cardValue("Top device")).toBe("Mobile");

    expect(rowsOf("Top locations")).toEqual([
      ["Miami, US", "400"],
      ["Orlando, US", "200"],
      ["Toronto, CA", "100"],
      ["Unknown", "90"],
      ["London, GB", "50"],
    ]);
    expect(rowsOf("Devices")).toEqual([
      ["Mobile", "800"],
      ["Desktop", "400"],
      ["Tablet", "34"],
    ]);
    expect(rowsOf("Top pages")).toEqual([
      ["/petition", "700"],
      ["/report-scam", "100"],
    ]);
    expect(rowsOf("Referrers")).toEqual([["news.example.org", "55"]]);
    expect(rowsOf("UTM sources")).toEqual([["newsletter", "33"]]);
    expect(rowsOf("UTM campaigns")).toEqual([["spring", "22"]]);
    expect(rowsOf("Events")).toEqual([
      ["sign_petition_main", "50"],
      ["signature", "20"],
    ]);
    await screen.findByRole("table", { name: "Recent visitors" });
    expect(rowsOf("Recent visitors")).toEqual([
      ["03/09/2025 15:05", "203.0.113.0", "Miami, US", "Mobile", "Safari", "iOS", "/petition?utm_source=newsletter"],
      ["03/09/2025 14:59", "2001:db8:1234::", "Unknown", "Desktop", "Firefox", "Linux", "/"],
    ]);

    // Each chart carries its numbers in words.
    const hourly = screen.getByRole("figure", { name: "Last 24 hours" });
    expect(hourly.getAttribute("aria-describedby")).toBeTruthy();
    const summary = document.getElementById(hourly.getAttribute("aria-describedby")!)!.textContent!;
    expect(summary).toMatch(/^Page views per hour \(EST\), last 24 hours, 24 values, total 65: /);
    expect(summary).toContain("16:00 42"); // 20:00 UTC on March 9 is 16:00 in New York (EDT)
    const overTime = screen.getByRole("figure", { name: "Visitors over time" });
    expect(document.getElementById(overTime.getAttribute("aria-describedby")!)!.textContent).toBe(
      "Page views per day, 2 values, total 1,234: 03/08 600; 03/09 634",
    );
    expect(document.getElementById(screen.getByRole("figure", { name: "Device share" }).getAttribute("aria-describedby")!)!.textContent).toBe(
      "Page views by device, 3 values, total 1,234: Mobile 800; Desktop 400; Tablet 34",
    );
  });

  it("asks for the chosen range: the presets at once, a custom range once both days are picked", async () => {
    serve();
    renderPage();
    await screen.findByRole("region", { name: "Total visitors" });

    fireEvent.click(screen.getByRole("radio", { name: "24 hours" }));
    await waitFor(() => expect(queryOf(reportCalls().at(-1)!.url)).toEqual({ range: "24h" }));
    fireEvent.click(screen.getByRole("radio", { name: "30 days" }));
    await waitFor(() => expect(queryOf(reportCalls().at(-1)!.url)).toEqual({ range: "30d" }));

    const before = reportCalls().length;
    fireEvent.click(screen.getByRole("radio", { name: "Custom" }));
    const picker = await screen.findByRole("button", { name: "Custom dates" });
    expect(reportCalls()).toHaveLength(before); // no range yet
    expect(screen.getByText("Pick a start and an end day to see that range.")).toBeTruthy();
    fireEvent.click(picker);
    const first = dayjs().startOf("month");
    const last = dayjs();
    // (jsdom has no layout: the picker's floating dropdown counts as hidden, hence `hidden: true`)
    const day = (date: dayjs.Dayjs) => screen.getAllByRole("button", { name: date.format("D MMMM YYYY"), hidden: true }).at(-1)!;
    await waitFor(() => day(first));
    fireEvent.click(day(first));
    expect(reportCalls()).toHaveLength(before);
    fireEvent.click(day(last));
    await waitFor(() =>
      expect(queryOf(reportCalls().at(-1)!.url)).toEqual({ range: "custom", from: first.format("YYYY-MM-DD"), to: last.format("YYYY-MM-DD") }),
    );

    // Back to a preset: at once again.
    fireEvent.click(screen.getByRole("radio", { name: "7 days" }));
    await waitFor(() => expect(queryOf(reportCalls().at(-1)!.url)).toEqual({ range: "7d" }));
  });

  it("shows both funnels as steps with their conversion rates, and no rate where nothing came before", async () => {
    serve();
    renderPage();
    await screen.findByRole("region", { name: "Total visitors" });
    const steps = (funnel: string) =>
      within(screen.getByRole("region", { name: `${funnel} funnel` }))
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    expect(steps("Petition")).toEqual([
      "1. Petition page views200",
      "2. Sign button clicks5025.0% of the previous step",
      "3. Signatures2040.0% of the previous step · 10.0% of the first",
    ]);
    expect(steps("Scam report")).toEqual(["1. Reports started0", "2. Reports submitted0— of the previous step"]);
  });

  it("says 'Failed to fetch analytics data' when the API fails, and Retry loads it", async () => {
    serve(new Error("Request failed (500)"), RECENT);
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to fetch analytics data");
    expect(screen.queryByRole("region", { name: "Total visitors" })).toBeNull();
    expect((screen.getByRole("button", { name: "Export CSV" }) as HTMLButtonElement).disabled).toBe(true);

    serve();
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByRole("region", { name: "Total visitors" });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("exports what is shown as one CSV of sections", async () => {
    serve();
    renderPage();
    await screen.findByRole("table", { name: "Recent visitors" });
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(downloads.csv).toHaveLength(1);
    const { csv, fileName } = downloads.csv[0]!;
    expect(fileName).toMatch(/^analytics-7d-\d{4}-\d{2}-\d{2}\.csv$/);
    const sections = csv.split("\r\n\r\n").map((s) => s.trimEnd().split("\r\n"));
    expect(sections.map((s) => s[0])).toEqual([
      '"Website analytics"',
      '"Summary"',
      '"Visitors over time"',
      '"Last 24 hours"',
      '"Top locations"',
      '"Devices"',
      '"Browsers"',
      '"Operating systems"',
      '"Top pages"',
      '"Referrers"',
      '"UTM sources"',
      '"UTM campaigns"',
      '"Events"',
      '"Funnels"',
      '"Recent visitors"',
    ]);
    const section = (title: string) => sections.find((s) => s[0] === `"${title}"`)!.slice(1);
    expect(section("Summary")).toEqual([
      '"Metric","Value"',
      '"Total visitors (page views)","1234"',
      '"Unique visitors","321"',
      '"Top location","Miami, US"',
      '"Top device","Mobile"',
    ]);
    expect(section("Visitors over time")).toEqual([
      '"Bucket start (UTC)","Bucket (EST)","Page views","Unique visitors"',
      '"2025-03-08T05:00:00.000Z","03/08","600","150"',
      '"2025-03-09T05:00:00.000Z","03/09","634","171"',
    ]);
    expect(section("Last 24 hours")).toHaveLength(25);
    expect(section("Last 24 hours")[20]).toBe('"2025-03-09T20:00:00.000Z","03/09/2025 16:00","42"');
    // the top 5, as on the page
    expect(section("Top locations")).toEqual([
      '"Location","Page views"',
      '"Miami, US","400"',
      '"Orlando, US","200"',
      '"Toronto, CA","100"',
      '"Unknown","90"',
      '"London, GB","50"',
    ]);
    expect(section("Funnels")).toEqual([
      '"Funnel","Step","Count","% of previous step","% of first step"',
      '"Petition","Petition page views","200","",""',
      '"Petition","Sign button clicks","50","25.0","25.0"',
      '"Petition","Signatures","20","40.0","10.0"',
      '"Scam report","Reports started","0","",""',
      '"Scam report","Reports submitted","0","",""',
    ]);
    expect(section("Recent visitors")[1]).toBe(
      '"2025-03-09T19:05:00.000Z","03/09/2025 15:05","203.0.113.0","Miami, US","Mobile","Safari","iOS","/petition?utm_source=newsletter"',
    );
  });
});

describe("the report's words and numbers", () => {
  it("a rate needs something to divide by", () => {
    expect(rate(1, 4)).toBe(25);
    expect(rate(3, 0)).toBeNull();
  });

  it("a day bucket names its date whether the server's days start at midnight UTC or Eastern", () => {
    expect(bucketLabel("2025-03-08T00:00:00.000Z", "day")).toBe("03/08");
    expect(bucketLabel("2025-03-08T05:00:00.000Z", "day")).toBe("03/08");
    expect(bucketLabel("2025-07-04T04:00:00.000Z", "day")).toBe("07/04");
    expect(bucketLabel("2025-03-08T18:00:00.000Z", "hour")).toBe("03/08 13:00");
  });
});
