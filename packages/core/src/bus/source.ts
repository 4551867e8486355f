/** The EventBridge `source` of every event this app publishes. */
export const EVENT_SOURCE = "timeshare.site";
