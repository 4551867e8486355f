import type { Petition } from "../../lib/api";
import type { CollectionResource } from "../collection";
import { apiPath } from "./paths";

/** Petitions; deleting one is a chunked operation of its own (usePetitionActions). */
export const petitionsResource: CollectionResource<Petition> = { list: apiPath("listPetitions") };
