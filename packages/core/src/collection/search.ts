/** What a search looks for: trimmed and lower-cased; "" is no search. Pure. */
export const needleOf = (search: string) => search.trim().toLowerCase();
