import type { CollectionResource } from "../collection";
import { MESSAGES, type RequestCounts, type RequestRow } from "../pages/privacy/requests";
import { apiPath } from "./paths";
import { useAdminData } from "./useAdminData";

/** Data-deletion requests: listed only. */
export const privacyRequestsResource: CollectionResource<RequestRow> = { list: apiPath("listPrivacyRequests") };

/** The count cards: every request, and by status. */
export const usePrivacyRequestCounts = () => useAdminData<RequestCounts>(apiPath("privacyRequestCounts"), MESSAGES.countsFailed);
