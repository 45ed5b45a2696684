/**
 * One lazily loaded screen per back-office section (shared/permissions.ts ADMIN_SECTIONS). Each
 * screen lives in sections/<slug>-screen.tsx and is its own chunk, fetched when first opened.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

export const SECTION_SCREENS: Readonly<Record<string, Screen>> = {
  products: lazy(() => import('./sections/products-screen')),
  users: lazy(() => import('./sections/users-screen')),
  orders: lazy(() => import('./sections/orders-screen')),
  subscriptions: lazy(() => import('./sections/subscriptions-screen')),
  'digital-assets': lazy(() => import('./sections/digital-assets-screen')),
  suppliers: lazy(() => import('./sections/suppliers-screen')),
  bundles: lazy(() => import('./sections/bundles-screen')),
  comments: lazy(() => import('./sections/comments-screen')),
  'inventory-alerts': lazy(() => import('./sections/inventory-alerts-screen')),
  payments: lazy(() => import('./sections/payments-screen')),
  shipping: lazy(() => import('./sections/shipping-screen')),
  categories: lazy(() => import('./sections/categories-screen')),
  discounts: lazy(() => import('./sections/discounts-screen')),
  automations: lazy(() => import('./sections/automations-screen')),
  messages: lazy(() => import('./sections/messages-screen')),
};
