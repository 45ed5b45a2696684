/** Inputs of the back office's 'Messaggi' section (shared/api/admin-messages.ts). */
import * as z from 'zod/mini';
import { pageQuerySchema } from './index';

/** Query of GET /api/admin/contact-messages: a page. */
export const contactMessageListQuerySchema = pageQuerySchema;

/** Query of GET /api/admin/suppressions: a page. */
export const suppressionListQuerySchema = pageQuerySchema;

/** Path parameter of DELETE /api/admin/suppressions/{email}: the address (URL-decoded), any case. */
export const suppressionEmailSchema = z.pipe(z.string().check(z.trim()), z.email().check(z.maxLength(254)));
