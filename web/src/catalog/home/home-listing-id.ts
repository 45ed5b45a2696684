/** Element id of the home page's product listing (its deferred placeholder carries the same id). */
export const HOME_LISTING_ID = 'home-listing';
