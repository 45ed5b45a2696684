/**
 * Comment moderation (the Commenti screen; the comment states: "pending -> approved by admin
 * action; approved are public; pin toggles; admin reply stored and shown publicly").
 */
import type { AdminCommentDto, DeletedDto } from '../../shared/api/admin-catalog';
import type { PageResponse } from '../../shared/api/route';
import { CATALOG_ADMIN_API_MSG } from '../../shared/messages/admin-catalog';
import * as catalog from '../data/catalog-repository';
import { deleteComment, findComment, listCommentsPage, updateComment } from '../data/comment-repository';
import type { CommentRecord } from '../data/catalog-items';
import { notFound } from '../lib/errors';
import type { Change } from '../lib/audit';
import { toAdminCommentDto } from './dto';

/** Product names of some comments, by product id (1 BatchGetItem per 100 distinct products). */
async function productNames(comments: readonly CommentRecord[]): Promise<Map<string, string>> {
  const ids = [...new Set(comments.map((c) => c.product_id))];
  return new Map((ids.length ? await catalog.getProductsByIds(ids) : []).map((p) => [p.id, p.name]));
}

/**
 * GET /api/admin/comments: newest first, optionally only pending ones, with the product name.
 * 1 Query (AP44; more when filtered) + 1 BatchGetItem, + the profile check.
 */
export async function listAdminComments(query: {
  pending: boolean;
  limit?: number | undefined;
  cursor?: string | undefined;
}): Promise<PageResponse<AdminCommentDto>> {
  const page = await listCommentsPage(query.pending, { limit: query.limit, cursor: query.cursor });
  const names = await productNames(page.items);
  return {
    items: page.items.map((c) => toAdminCommentDto(c, names.get(c.product_id) ?? null)),
    next_cursor: page.next_cursor,
  };
}

async function requireComment(id: string) {
  const found = await findComment(id);
  if (!found) throw notFound(CATALOG_ADMIN_API_MSG.notFoundComment);
  return found;
}

/**
 * PATCH /api/admin/comments/{id}: sets is_approved, is_pinned and/or admin_reply (null or empty
 * removes the reply). 1 Query (AP43) + 1 UpdateItem + 1 GetItem (product name).
 * @throws AppError 404
 */
export async function moderateComment(
  id: string,
  input: {
    is_approved?: boolean | undefined;
    is_pinned?: boolean | undefined;
    admin_reply?: string | null | undefined;
  },
  now = new Date(),
): Promise<Change<AdminCommentDto>> {
  const { comment, key } = await requireComment(id);
  const after = await updateComment(key, comment, {
    ...(input.is_approved !== undefined ? { is_approved: input.is_approved } : {}),
    ...(input.is_pinned !== undefined ? { is_pinned: input.is_pinned } : {}),
    ...(input.admin_reply !== undefined ? { admin_reply: input.admin_reply } : {}),
    moderated_at: now.toISOString(),
  });
  if (!after) throw notFound(CATALOG_ADMIN_API_MSG.notFoundComment);
  const name = (await catalog.getProduct(comment.product_id))?.name ?? null;
  return { before: toAdminCommentDto(comment, name), after: toAdminCommentDto(after, name) };
}

/** DELETE /api/admin/comments/{id}. @throws AppError 404 */
export async function deleteAdminComment(id: string): Promise<{ result: DeletedDto; before: AdminCommentDto }> {
  const { comment, key } = await requireComment(id);
  if (!(await deleteComment(key))) throw notFound(CATALOG_ADMIN_API_MSG.notFoundComment);
  return { result: { deleted: true, id }, before: toAdminCommentDto(comment, null) };
}
