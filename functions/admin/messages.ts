/**
 * The back office's 'Messaggi' section: the contact form's messages (listed newest first, marked
 * answered) and the suppression list (listed newest first, an address lifted by the admin).
 */
import type { ContactMessageDto, SuppressionDto } from '../../shared/api/admin-messages';
import type { PageResponse } from '../../shared/api/route';
import type { PageQuery } from '../../shared/schemas';
import { ADMIN_MESSAGES_MSG } from '../../shared/messages/admin-messages';
import * as contact from '../data/contact-repository';
import * as suppressions from '../data/suppression-repository';
import { conflict, notFound } from '../lib/errors';
import type { Change } from '../lib/audit';

const toDto = (m: contact.ContactMessageRecord): ContactMessageDto => ({
  id: m.id,
  first_name: m.first_name,
  last_name: m.last_name,
  email: m.email,
  topic: m.topic ?? null,
  message: m.message,
  state: m.state,
  created_at: m.created_at,
  answered_at: m.answered_at ?? null,
});

/** GET /api/admin/contact-messages: one page, newest first. DynamoDB: 1 Query (AP128). */
export async function listContactMessages(page: PageQuery): Promise<PageResponse<ContactMessageDto>> {
  const out = await contact.listContactMessagesPage(page);
  return { items: out.items.map(toDto), next_cursor: out.next_cursor };
}

/**
 * POST /api/admin/contact-messages/{id}/answered: 'nuovo' -> 'risposto'. DynamoDB: 1 UpdateItem (AP129).
 * @throws AppError 404 when there is no such message; 409 when it is already answered
 */
export async function answerContactMessage(id: string): Promise<Change<ContactMessageDto>> {
  const out = await contact.markContactMessageAnswered(id);
  if (out.ok) return { before: toDto(out.before), after: toDto(out.after) };
  if (out.reason === 'missing') throw notFound(ADMIN_MESSAGES_MSG.notFoundMessage);
  throw conflict(ADMIN_MESSAGES_MSG.alreadyAnswered);
}

/** GET /api/admin/suppressions: one page, newest first. DynamoDB: 1 Query (AP130). */
export async function listSuppressions(page: PageQuery): Promise<PageResponse<SuppressionDto>> {
  const out = await suppressions.listSuppressionsPage(page);
  return {
    items: out.items.map((s) => ({
      email: s.email,
      reason: s.reason,
      detail: s.detail ?? null,
      created_at: s.created_at,
    })),
    next_cursor: out.next_cursor,
  };
}

/**
 * DELETE /api/admin/suppressions/{email}: the address may be emailed again. DynamoDB: 1 DeleteItem (AP102).
 * @returns the lifted entry (for the audit)
 * @throws AppError 404 when the address is not on the list
 */
export async function liftSuppression(email: string): Promise<SuppressionDto> {
  const before = await suppressions.liftSuppression(email);
  if (!before) throw notFound(ADMIN_MESSAGES_MSG.notFoundSuppression);
  return { email: before.email, reason: before.reason, detail: before.detail ?? null, created_at: before.created_at };
}
