/** Rows per page of the console's server-paged lists (the API allows up to 200). */
export const PAGE_SIZE = 25;
