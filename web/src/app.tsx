import { lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { RequireAuth, RequireBackOffice } from './auth/session';
import { BareLayout } from './layout/bare-layout';
import { MainLayout } from './layout/main-layout';
import { ScrollToTop } from './layout/scroll-to-top';
import { AppRouter } from './routing/location';

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

// The shopper's landing pages: their chunks start loading with the shell (preloadRoute, called by
// main.tsx before the runtime config arrives), so splitting them adds no round trip.
const loadHome = pageLoader(() => import('./pages/home-page').then((m) => ({ default: m.HomePage })));
const loadProducts = pageLoader(() => import('./catalog/products-page').then((m) => ({ default: m.ProductsPage })));
const loadCategory = pageLoader(() => import('./catalog/category-page').then((m) => ({ default: m.CategoryPage })));
const loadProduct = pageLoader(() => import('./catalog/product-page').then((m) => ({ default: m.ProductPage })));

/** Landing routes whose page chunk is fetched at boot: path pattern -> loader. */
const PRELOADED_ROUTES: [RegExp, () => Promise<unknown>][] = [
  [/^\/$/, loadHome],
  [/^\/products\/?$/, loadProducts],
  [/^\/category\/[^/]+\/?$/, loadCategory],
  [/^\/product\/[^/]+\/?$/, loadProduct],
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
const LegalPage = lazy(() => import('./pages/legal-page').then((m) => ({ default: m.LegalPage })));
const PremiumPage = lazy(() => import('./pages/premium-page').then((m) => ({ default: m.PremiumPage })));
const BundlesPage = lazy(() => import('./pages/bundles-page').then((m) => ({ default: m.BundlesPage })));
const CheckoutSuccessPage = lazy(() =>
  import('./pages/checkout-success-page').then((m) => ({ default: m.CheckoutSuccessPage })),
);
const CheckoutCancelPage = lazy(() =>
  import('./pages/checkout-cancel-page').then((m) => ({ default: m.CheckoutCancelPage })),
);
const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const WishlistPage = lazy(() => import('./pages/wishlist-page').then((m) => ({ default: m.WishlistPage })));
const CartPage = lazy(() => import('./pages/cart-page').then((m) => ({ default: m.CartPage })));
const ProfilePage = lazy(() => import('./pages/profile-page').then((m) => ({ default: m.ProfilePage })));
// The back office is its own lazy chunk (its layout, theme and sections): nothing of it in a shopper's first load.
const AdminApp = lazy(() => import('./admin/admin-app'));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * Pages inside MainLayout (header and footer). wouter's Switch renders the first route that
 * matches (paths ignore case and a trailing slash), so the catch-all 404 page comes last.
 */
function MainRoutes() {
  return (
    <Switch>
      <Route path="/">
        <HomePage />
      </Route>
      <Route path="/products">
        <ProductsPage />
      </Route>
      <Route path="/category/:categoryId">
        <CategoryPage />
      </Route>
      <Route path="/product/:id">
        <ProductPage />
      </Route>
      <Route path="/legal/:page">
        <LegalPage />
      </Route>
      <Route path="/premium">
        <PremiumPage />
      </Route>
      <Route path="/bundles">
        <BundlesPage />
      </Route>
      <Route path="/checkout/success">
        <CheckoutSuccessPage />
      </Route>
      <Route path="/checkout/cancel">
        <CheckoutCancelPage />
      </Route>
      <Route path="/wishlist">
        <RequireAuth>
          <WishlistPage />
        </RequireAuth>
      </Route>
      <Route path="/cart">
        <RequireAuth>
          <CartPage />
        </RequireAuth>
      </Route>
      <Route path="/profile">
        <RequireAuth>
          <ProfilePage />
        </RequireAuth>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/**
 * Route table of the SPA (spec section 2): /login and the back office (/admin and below) in
 * BareLayout, every other path in MainLayout. The layout stays mounted while its pages change.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <BareLayout>
          <LoginPage />
        </BareLayout>
      </Route>
      <Route path="/admin/*?">
        <BareLayout>
          <RequireBackOffice>
            <AdminApp />
          </RequireBackOffice>
        </BareLayout>
      </Route>
      <Route>
        <MainLayout>
          <MainRoutes />
        </MainLayout>
      </Route>
    </Switch>
  );
}

/**
 * Scroll restoration and the routes, inside whichever router the caller provides (the browser's,
 * or the build-time prerender's fixed URL: the same tree, so hydration ids match).
 */
export function AppContent() {
  return (
    <>
      <ScrollToTop />
      <AppRoutes />
    </>
  );
}

/** The SPA: router on the browser's address, scroll restoration and the routes. Providers live in app-providers.tsx. */
export function App() {
  return (
    <AppRouter>
      <AppContent />
    </AppRouter>
  );
}
