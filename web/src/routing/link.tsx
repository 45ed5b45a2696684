/**
 * Links of the SPA: real `<a href>` elements that navigate client-side on a plain left click.
 * Used directly or as MUI's `component={RouterLink} to="/path"` (MUI passes `to` and the ref on).
 * They keep react-router's link semantics, which wouter's own Link does not all have: the
 * caller's onClick runs on every click, `target` other than _self and modified clicks are left to
 * the browser, and a link to the address already shown replaces the history entry instead of
 * adding a duplicate one.
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocationValue } from './location';
import { isActivePath, isSpaClick, locationHref } from './paths';

/** Props of RouterLink and NavLink: an anchor's attributes, without href, plus where to go. */
export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Absolute path, optionally with ?search and #hash, e.g. '/product/abc'. */
  to: string;
  /** Replace the current history entry (default: only when `to` is the address shown). */
  replace?: boolean;
  /** State stored with the new history entry (useAppLocation().state). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** An `<a href={to}>` that navigates inside the SPA (see the module comment). */
export function RouterLink({ to, replace, state, target, onClick, ref, ...rest }: RouterLinkProps) {
  const { location, navigate } = useLocationValue();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isSpaClick(event, target)) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? locationHref(location) === to, state });
  };
  return <a {...rest} ref={ref} href={to} target={target} onClick={handleClick} />;
}

/**
 * A RouterLink that marks itself when the current path is `to` or below it (isActivePath): it
 * gets the `active` class (styled by the callers' `&.active`) and `aria-current="page"`.
 */
export function NavLink({ className, to, ...rest }: RouterLinkProps) {
  const active = isActivePath(useLocationValue().location.pathname, to);
  return (
    <RouterLink
      {...rest}
      to={to}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
    />
  );
}
