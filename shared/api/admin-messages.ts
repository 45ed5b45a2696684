/**
 * Back-office API of the 'Messaggi' section (fn 'admin'): the contact form's messages (read by
 * the staff, marked answered) and the suppression list (addresses the shop no longer emails: read
 * by the staff, lifted by the admin only). Dates ISO 8601.
 */
import type * as z from 'zod/mini';
import type { contactMessageListQuerySchema, suppressionListQuerySchema } from '../schemas/admin-messages';
import { staffRoute, type PageResponse } from './route';

/** One contact message as the back office shows it. */
export interface ContactMessageDto {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** A CONTACT_TOPICS value, or null when the sender chose none. */
  topic: string | null;
  message: string;
  state: 'nuovo' | 'risposto';
  created_at: string;
  /** When it was marked answered; null while 'nuovo' (who did it: the audit trail). */
  answered_at: string | null;
}

/** One entry of the suppression list. */
export interface SuppressionDto {
  /** Lower-cased address. */
  email: string;
  /** 'bounce' (hard bounce), 'complaint' (marked as spam) or 'manual'. */
  reason: 'bounce' | 'complaint' | 'manual';
  /** What the provider said, for the operator; null when nothing. */
  detail: string | null;
  created_at: string;
}

export type ContactMessageListQuery = z.input<typeof contactMessageListQuerySchema>;
export type SuppressionListQuery = z.input<typeof suppressionListQuerySchema>;

/** Contact messages and the suppression list. */
export const ADMIN_MESSAGES_API = {
  contactMessages: staffRoute<PageResponse<ContactMessageDto>>('messages', {
    method: 'GET',
    path: '/api/admin/contact-messages',
    fn: 'admin',
    summary: 'Contact messages, newest first, paged',
  }),
  answerContactMessage: staffRoute<ContactMessageDto>('messages', {
    method: 'POST',
    path: '/api/admin/contact-messages/{id}/answered',
    fn: 'admin',
    summary: "Mark a contact message answered: 'nuovo' -> 'risposto' (409 when already answered)",
  }),
  suppressions: staffRoute<PageResponse<SuppressionDto>>('messages', {
    method: 'GET',
    path: '/api/admin/suppressions',
    fn: 'admin',
    summary: 'The suppression list (addresses never emailed again), newest first, paged',
  }),
  liftSuppression: staffRoute<{ deleted: true }>('suppressions', {
    method: 'DELETE',
    path: '/api/admin/suppressions/{email}',
    fn: 'admin',
    summary: 'Lift an address from the suppression list (it may be emailed again)',
  }),
} as const;
