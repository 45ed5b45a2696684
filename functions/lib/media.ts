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

/**
 * Prefix of every file a browser uploads through the back office until a save has checked it and
 * copied it to its final key: never served under /media (CloudFront's media function and the local
 * origin answer 404), and deleted by the buckets' lifecycle rule after UPLOAD_STAGING_DAYS. So an
 * upload is public only once checked, and an upload slot still valid after the save can only
 * overwrite its staged copy, never the saved file.
 */
export const UPLOAD_STAGING_PREFIX = 'uploads/';

/** Days after which an upload that was never saved is deleted (bucket lifecycle rule). */
export const UPLOAD_STAGING_DAYS = 1;

/** The final key of a staged upload ('uploads/products/p/1-a.png' -> 'products/p/1-a.png'), or null for other keys. */
export function finalKeyOf(stagedKey: string): string | null {
  return stagedKey.startsWith(UPLOAD_STAGING_PREFIX) ? stagedKey.slice(UPLOAD_STAGING_PREFIX.length) : null;
}
