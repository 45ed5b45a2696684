import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireAuth, RequireBackOffice } from './session/session';
import { BareLayout } from './layout/bare-layout';
import { MainLayout } from './layout/main-layout';
import { ScrollToTop } from './layout/scroll-to-top';
import { loadBundlesPage, loadCategoryPage, loadHomePage, loadProductPage, loadProductsPage } from './catalog';
import { loadPremiumPage } from './club';
import { loadLoginPage } from './auth';
import { LegalPage } from './legal';
import { CartPage, CheckoutCancelPage, CheckoutSuccessPage, WishlistPage } from './shop';
import { NewsletterPage } from './newsletter';
import { ProfilePage } from './profile';
import { AdminApp } from './admin';

// Pages come from their features' public entries (web/src/<feature>/index.ts): lazy pages, and
// for the pages with a prerendered document (shared/spa-documents.ts) chunk loaders wrapped in
// ui/page-loader.ts, fetched at boot (preloadRoute, called by main.tsx before the runtime config
// arrives), so splitting them adds no round trip.

/** Routes whose page chunk is fetched at boot (the landing routes and the other prerendered pages): path pattern -> loader. */
const PRELOADED_ROUTES: [RegExp, () => Promise<unknown>][] = [
  [/^\/$/, loadHomePage],
  [/^\/products\/?$/, loadProductsPage],
  [/^\/category\/[^/]+\/?$/, loadCategoryPage],
  [/^\/product\/[^/]+\/?$/, loadProductPage],
  [/^\/premium\/?$/, loadPremiumPage],
  [/^\/bundles\/?$/, loadBundlesPage],
  [/^\/login\/?$/, loadLoginPage],
];

/**
 * Starts loading the page chunk of `pathname` (e.g. location.pathname) when it is one of the
 * landing routes, so it downloads in parallel with the runtime config instead of after it.
 * @returns resolves when the chunk has loaded (or at once for other routes); never rejects:
 *   failures are left to the route's own lazy import (error boundary)
 */
export function preloadRoute(pathname: string): Promise<void> {
  const match = PRELOADED_ROUTES.find(([pattern]) => pattern.test(pathname));
  return Promise.resolve(match?.[1]()).then(
    () => undefined,
    () => undefined,
  );
}

// Every page is split into its own chunk and loaded on first visit. The back office is its own
// lazy chunk too (its layout, theme and sections): nothing of it in a shopper's first load.
const HomePage = lazy(loadHomePage);
const ProductsPage = lazy(loadProductsPage);
const CategoryPage = lazy(loadCategoryPage);
const ProductPage = lazy(loadProductPage);
const PremiumPage = lazy(loadPremiumPage);
const BundlesPage = lazy(loadBundlesPage);
const LoginPage = lazy(loadLoginPage);
const NotFoundPage = lazy(() => import('./layout/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * Route table of the SPA (declarative react-router routes): /login and the back office (/admin and
 * below) in BareLayout, every other path in MainLayout, whose last route is the 404 page. A layout
 * route renders its page through an Outlet, so the layout stays mounted while its pages change.
 * Paths ignore case and a trailing slash. /wishlist, /cart and /profile need a signed-in user
 * (RequireAuth), /admin a staff role (RequireBackOffice).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/admin/*"
          element={
            <RequireBackOffice>
              <AdminApp />
            </RequireBackOffice>
          }
        />
      </Route>
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        <Route path="/products" element={<ProductsPage />} />
        <Route path="/category/:categoryId" element={<CategoryPage />} />
        <Route path="/product/:id" element={<ProductPage />} />
        <Route path="/legal/:page" element={<LegalPage />} />
        <Route path="/newsletter/conferma" element={<NewsletterPage kind="confirm" />} />
        <Route path="/newsletter/disiscrizione" element={<NewsletterPage kind="unsubscribe" />} />
        <Route path="/premium" element={<PremiumPage />} />
        <Route path="/bundles" element={<BundlesPage />} />
        <Route path="/checkout/success" element={<CheckoutSuccessPage />} />
        <Route path="/checkout/cancel" element={<CheckoutCancelPage />} />
        <Route
          path="/wishlist"
          element={
            <RequireAuth>
              <WishlistPage />
            </RequireAuth>
          }
        />
        <Route
          path="/cart"
          element={
            <RequireAuth>
              <CartPage />
            </RequireAuth>
          }
        />
        <Route
          path="/profile"
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * Scroll restoration and the routes, inside whichever router the caller provides (BrowserRouter in
 * the browser, StaticRouter on the build-time prerender's fixed URL: the same tree, so hydration
 * ids match).
 */
export function AppContent() {
  return (
    <>
      <ScrollToTop />
      <AppRoutes />
    </>
  );
}

/**
 * The SPA: react-router's BrowserRouter on the browser's address, scroll restoration and the routes.
 * BrowserRouter applies every location change (links, navigate(), back and forward) in a React
 * transition, so the page on screen stays until the next page's lazy chunk has loaded instead of
 * the loading block flashing in between. Providers live in app-providers.tsx.
 */
export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
