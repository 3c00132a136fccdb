// The edit form's own fields (decision 0093), shared by the form and the server that reads it.

/** The photos' order: entries apart by spaces (URLs hold none), a kept photo's URL or `new:<n>` for the n-th file sent. */
export const PHOTO_ORDER_FIELD = "photoOrder";
export const NEW_PHOTO_PREFIX = "new:";
/** The version of the listing the form was drawn from. */
export const VERSION_FIELD = "version";
