/**
 * File downloads from the shop API (a receipt PDF, the data export): kept apart from the JSON
 * client so its code loads with the pages that download, not with every page's first load.
 */
import { apiPath, type RouteDefinition } from '../../../shared/api/route';
import { INTERNAL_ERROR } from '../../../shared/messages';
import { getConfig } from '../config';
import { ApiError, currentToken, isErrorBody, readJson, type CallOptions } from './client';

/** The file name of a Content-Disposition header (`attachment; filename="x.pdf"`), or null. */
export function attachmentName(header: string | null): string | null {
  const m = header ? /filename="([^"]+)"/.exec(header) : null;
  return m ? m[1]! : null;
}

/**
 * Downloads a file a route answers (a receipt PDF, the data export) with the signed-in user's token
 * and hands it to the browser as a saved file (an object URL clicked as a download link).
 * @param fallbackName the file name when the answer names none
 * @throws ApiError on a non-2xx answer (the server's Italian message) or a network failure
 */
export async function downloadApiFile<R extends RouteDefinition>(
  route: R,
  fallbackName: string,
  opts: Pick<CallOptions<R>, 'params'> = {},
): Promise<void> {
  const headers: Record<string, string> = {};
  const token = await currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${getConfig().apiBaseUrl}${apiPath(route, opts.params)}`, { method: route.method, headers });
  } catch {
    throw new ApiError(0, INTERNAL_ERROR);
  }
  if (!res.ok) {
    const data = await readJson(res);
    throw new ApiError(res.status, isErrorBody(data) ? data.message : INTERNAL_ERROR);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = attachmentName(res.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  // the browser has taken the file once the click's task has run
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
