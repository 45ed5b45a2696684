/**
 * Public URLs of the images bucket: objects are served on the shop origin under MEDIA_PATH_PREFIX
 * (a CloudFront behaviour in the cloud, the local web server's proxy locally), so an image's URL
 * is '/media/{key}' whatever the stage.
 */

/** Public URL prefix of the images bucket on the shop origin. */
export const MEDIA_PATH_PREFIX = '/media';

/** Public URL of an images-bucket key, e.g. 'products/p1/170-1.jpg' -> '/media/products/p1/170-1.jpg'. */
export const mediaUrl = (key: string): string => `${MEDIA_PATH_PREFIX}/${key}`;
