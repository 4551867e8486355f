import type { CollectionResource } from "../collection";
import { MESSAGES, type SubscriberCounts, type SubscriberRow } from "../pages/newsletter/subscribers";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

/** Newsletter subscribers, each named by its e-mail: in the body, never in a path (paths are kept in the API's access log). */
export const subscribersResource: CollectionResource<SubscriberRow> = {
  list: apiPath("listSubscribers"),
  export: { kind: "subscribers" },
  item: (row) => ({ ...route("deleteSubscriber"), body: { email: row.id } }),
};

/** The count cards: every subscriber, by status and by source. */
export const useSubscriberCounts = () => useAdminData<SubscriberCounts>(apiPath("subscriberCounts"), MESSAGES.countsFailed);

export type UnsubscribeAnswer = { email: string; result: "unsubscribed" | "already_unsubscribed" };

export const unsubscribe = (email: string) =>
  adminCall<UnsubscribeAnswer>(route("unsubscribeSubscriber"), { body: { email }, fallbackMessage: MESSAGES.unsubscribeFailed });
