/** What the sign form tells the API about the browser. No IP or geolocation lookup happens here. */
export interface ClientInfo {
  screenResolution: string;
  timezone: string;
  language: string;
}

export function clientInfo(): ClientInfo {
  let timezone = "Unknown";
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || "Unknown";
  } catch {
    // keep Unknown
  }
  return {
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    timezone,
    language: navigator.language || "Unknown",
  };
}
