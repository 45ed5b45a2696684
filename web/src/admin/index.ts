/**
 * Public entry of the back office (web/src/admin: its layout, theme and sections). The router
 * imports it: the lazy back office only, its own chunk, so nothing of it is in a shopper's first load.
 */
import { lazy } from 'react';

/** The back office (/admin and below), lazy (React.lazy). */
export const AdminApp = lazy(() => import('./admin-app'));
