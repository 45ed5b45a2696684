/**
 * Public URLs of the images bucket: objects are served on the shop origin under MEDIA_PATH_PREFIX
 * (a CloudFront behaviour in the cloud, the local web server's proxy locally), so an image's URL
 * is '/media/{key}' whatever the stage.
 */

/** Public URL prefix of the images bucket on the shop origin. */
export const MEDIA_PATH_PREFIX = '/media';

/** Public URL of an images-bucket key, e.g. 'products/p1/170-1.jpg' -> '/media/products/p1/170-1.jpg'. */
export const mediaUrl = (key: string): string => `${MEDIA_PATH_PREFIX}/${key}`;

/** The images-bucket key of a public media URL ('/media/x/y.png' -> 'x/y.png'), or null for other URLs. */
export function mediaKey(url: string | null | undefined): string | null {
  return url && url.startsWith(`${MEDIA_PATH_PREFIX}/`) ? url.slice(MEDIA_PATH_PREFIX.length + 1) : null;
}
