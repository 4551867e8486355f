import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminSetUserPasswordCommand } from "@aws-sdk/client-cognito-identity-provider";
import { describe, expect, inject, it } from "vitest";
import { cognitoClient } from "../../scripts/local/provision";
import { fileBrowser } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();

async function login(email: string, password: string) {
  const page = await (await browser.newContext({ baseURL: stack.url })).newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  return page;
}

describe("administrators", () => {
  it("are sent to the login page when signed out", async () => {
    const page = await (await browser.newContext({ baseURL: stack.url })).newPage();
    await page.goto("/admin/dashboard");
    await page.waitForURL("**/admin/login");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await page.context().close();
  });

  it("see a login error for a wrong password", async () => {
    const page = await login(stack.admin.email, "wrong-password-1!");
    await page.getByRole("alert").first().waitFor();
    expect(page.url()).toContain("/admin/login");
    await page.context().close();
  });

  it("log in and see the petitions on the dashboard", async () => {
    const page = await login(stack.admin.email, stack.admin.password);
    await page.waitForURL("**/admin/dashboard");
    await page.getByText("Fair Cancellation Rights for Timeshare Owners").first().waitFor();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/admin\/login|\/$/);
    await page.context().close();
  });

  it("a signed-in user outside the admin group lands on /unauthorized and is told access is denied", async () => {
    const email = `member-${Date.now()}@example.org`;
    const password = "Member-password-1!";
    const cognito = cognitoClient(stack.cognito);
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: stack.userPool.userPoolId,
        Username: email,
        MessageAction: "SUPPRESS",
        UserAttributes: [{ Name: "email", Value: email }],
      }),
    );
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.userPool.userPoolId, Username: email, Password: password, Permanent: true }));
    const page = await login(email, password);
    await page.waitForURL(/\/unauthorized$/);
    await page.getByText("Access denied. This area is restricted to administrators only.").waitFor();
    await page.getByRole("link", { name: "Go to Home" }).waitFor();
    await page.getByRole("link", { name: "Sign Out" }).waitFor();
    // the server refuses this user too, whatever the browser shows
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith(".accessToken"));
      return key ? localStorage.getItem(key) : null;
    });
    expect(token).toBeTruthy();
    const res = await fetch(`${stack.url}/api/admin/petitions`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);

    // a console address typed in is refused the same way, and Sign Out signs out from there
    await page.goto("/admin/scam-reports");
    await page.waitForURL(/\/unauthorized$/);
    await page.getByRole("link", { name: "Sign Out" }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.goto("/admin/dashboard");
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole("button", { name: "Login" }).waitFor();
    await page.context().close();
  });

  it("an administrator created with a temporary password chooses a new one, then reaches the dashboard", async () => {
    const email = `new-admin-${Date.now()}@example.org`;
    const cognito = cognitoClient(stack.cognito);
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: stack.userPool.userPoolId,
        Username: email,
        TemporaryPassword: "Temporary-password-1!",
        MessageAction: "SUPPRESS",
        UserAttributes: [{ Name: "email", Value: email }],
      }),
    );
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPool.userPoolId, Username: email, GroupName: "admin" }));
    const page = await login(email, "Temporary-password-1!");
    await page.getByText("Choose a new password").first().waitFor();
    await page.getByLabel("New password").fill("Chosen-password-2!");
    await page.getByRole("button", { name: "Set Password and Continue" }).click();
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("tab", { name: "Petitions" }).waitFor();
    await page.context().close();
    // the new password works from now on
    const again = await login(email, "Chosen-password-2!");
    await again.waitForURL("**/admin/dashboard");
    await again.context().close();
  });
});
