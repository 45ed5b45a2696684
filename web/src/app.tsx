import { lazy, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireAuth, RequireBackOffice } from './session/session';
import { BareLayout } from './layout/bare-layout';
import { MainLayout } from './layout/main-layout';
import { ScrollToTop } from './layout/scroll-to-top';
import { loadAdminApp } from './admin';
import { loadLoginPage } from './auth';
import { loadBundlesPage, loadCategoryPage, loadProductPage, loadProductsPage } from './catalog';
import { loadPremiumPage } from './club';
import { loadHomePage } from './home';
import { loadLegalPage, TermsUpdateGate } from './legal';
import { loadNewsletterPage } from './newsletter';
import { loadProfilePage } from './profile';
import { loadCartPage, loadCheckoutCancelPage, loadCheckoutSuccessPage, loadWishlistPage } from './shop';

type PageModule = { default: ComponentType };

/**
 * A page chunk loader for React.lazy that, once the chunk has loaded, answers synchronously (a
 * thenable that calls back at once): a landing page preloaded before hydration then renders in
 * the same pass instead of suspending, so the prerendered markup is hydrated whole.
 */
function pageLoader(load: () => Promise<PageModule>): () => Promise<PageModule> {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  return () => {
    if (loaded) {
      const module = loaded;
      return { then: (resolve: (m: PageModule) => unknown) => resolve(module) } as unknown as Promise<PageModule>;
    }
    pending ??= load().then(
      (m) => (loaded = m),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
}

// Pages come from their features' public entries (web/src/<feature>/index.ts), which export
// chunk loaders only: this module is in every page's first load.
// The shopper's landing pages: their chunks start loading with the shell (preloadRoute, called by
// main.tsx before the runtime config arrives), so splitting them adds no round trip.
const loadHome = pageLoader(loadHomePage);
const loadProducts = pageLoader(loadProductsPage);
const loadCategory = pageLoader(loadCategoryPage);
const loadProduct = pageLoader(loadProductPage);
// Other pages with a prerendered document (shared/spa-documents.ts): loaded before hydration too.
const loadPremium = pageLoader(loadPremiumPage);
const loadBundles = pageLoader(loadBundlesPage);
const loadLogin = pageLoader(loadLoginPage);

/** Routes whose page chunk is fetched at boot (the landing routes and the other prerendered pages): path pattern -> loader. */
const PRELOADED_ROUTES: [RegExp, () => Promise<unknown>][] = [
  [/^\/$/, loadHome],
  [/^\/products\/?$/, loadProducts],
  [/^\/category\/[^/]+\/?$/, loadCategory],
  [/^\/product\/[^/]+\/?$/, loadProduct],
  [/^\/premium\/?$/, loadPremium],
  [/^\/bundles\/?$/, loadBundles],
  [/^\/login\/?$/, loadLogin],
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

// Every page is split into its own chunk and loaded on first visit.
const HomePage = lazy(loadHome);
const ProductsPage = lazy(loadProducts);
const CategoryPage = lazy(loadCategory);
const ProductPage = lazy(loadProduct);
const LegalPage = lazy(loadLegalPage);
const PremiumPage = lazy(loadPremium);
const BundlesPage = lazy(loadBundles);
const CheckoutSuccessPage = lazy(loadCheckoutSuccessPage);
const CheckoutCancelPage = lazy(loadCheckoutCancelPage);
const NewsletterPage = lazy(loadNewsletterPage);
const LoginPage = lazy(loadLogin);
const WishlistPage = lazy(loadWishlistPage);
const CartPage = lazy(loadCartPage);
const ProfilePage = lazy(loadProfilePage);
// The back office is its own lazy chunk (its layout, theme and sections): nothing of it in a shopper's first load.
const AdminApp = lazy(loadAdminApp);
const NotFoundPage = lazy(() => import('./layout/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * Route table of the SPA (declarative react-router routes): /login and the back office (/admin and
 * below) in BareLayout, every other path in MainLayout (with the legal feature's gate of updated
 * Termini for a signed-in user), whose last route is the 404 page. A layout
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
      <Route element={<MainLayout signedInGate={<TermsUpdateGate />} />}>
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
