import type { KindConsole } from "@site/core/kinds/definition";

/**
 * How the server describes the volunteer sign-up kind of test/integration/kind-definition.test.ts to
 * the console (`GET /api/admin/records`): that test holds the server to it, and the console's test
 * (web/test/admin-records.test.ts) serves it, so the console is tested on what the server says.
 */
export const VOLUNTEER_CONSOLE: KindConsole = {
  name: "volunteer",
  plural: "volunteers",
  label: { one: "volunteer sign-up", many: "volunteer sign-ups" },
  fields: [
    { field: "createdAt", header: "Received" },
    { field: "fullName", header: "Full Name" },
    { field: "email", header: "Email" },
    { field: "shift", header: "Shift" },
  ],
  sorts: [
    { sort: "createdAt", label: "Received" },
    { sort: "fullName", label: "Full Name" },
    { sort: "email", label: "Email" },
  ],
  searchable: true,
  csvExport: "volunteers",
};
