/** Routing helpers: locations, active nav links and which clicks the SPA handles (as react-router did). */
import { describe, expect, it } from 'vitest';
import { isActivePath, isSpaClick, locationHref, parseLocation } from './paths';

describe('parseLocation', () => {
  it('splits a path into pathname, search and hash, with no state', () => {
    expect(parseLocation('/products')).toEqual({ pathname: '/products', search: '', hash: '', state: null });
    expect(parseLocation('/products?q=panca&categoria=c1#top')).toEqual({
      pathname: '/products',
      search: '?q=panca&categoria=c1',
      hash: '#top',
      state: null,
    });
    expect(parseLocation('/legal/faq#resi?x')).toEqual({
      pathname: '/legal/faq',
      search: '',
      hash: '#resi?x',
      state: null,
    });
  });

  it('reads an empty path as / and a lone ? or # as none, as window.location does', () => {
    expect(parseLocation('')).toMatchObject({ pathname: '/', search: '', hash: '' });
    expect(parseLocation('/products?#')).toMatchObject({ pathname: '/products', search: '', hash: '' });
  });

  it('is undone by locationHref', () => {
    for (const url of ['/', '/products?q=a%25b', '/product/abc#reviews', '/profile?tab=indirizzi#x'])
      expect(locationHref(parseLocation(url))).toBe(url);
  });
});

describe('isActivePath', () => {
  it('is active on the same path and on paths below it', () => {
    expect(isActivePath('/products', '/products')).toBe(true);
    expect(isActivePath('/products/', '/products')).toBe(true);
    expect(isActivePath('/products/x', '/products')).toBe(true);
    expect(isActivePath('/legal/faq', '/legal/faq')).toBe(true);
  });

  it("ignores case and the target's search and hash", () => {
    expect(isActivePath('/Premium', '/premium')).toBe(true);
    expect(isActivePath('/products', '/products?q=x#top')).toBe(true);
  });

  it('with a trailing slash on the target, needs it on the path too', () => {
    expect(isActivePath('/legal/faq/', '/legal/faq/')).toBe(true);
    expect(isActivePath('/legal/faq/x', '/legal/faq/')).toBe(true);
    expect(isActivePath('/legal/faq', '/legal/faq/')).toBe(false);
  });

  it('is not active on other paths, nor on paths that only share a prefix', () => {
    expect(isActivePath('/', '/products')).toBe(false);
    expect(isActivePath('/productsx', '/products')).toBe(false);
    expect(isActivePath('/legal/privacy-policy', '/legal/faq')).toBe(false);
    expect(isActivePath('/products', '/')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
  });
});

describe('isSpaClick', () => {
  const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

  it('takes plain left clicks on links that open in the same tab', () => {
    expect(isSpaClick(click, undefined)).toBe(true);
    expect(isSpaClick(click, '_self')).toBe(true);
  });

  it('leaves other buttons, modified clicks and other targets to the browser', () => {
    expect(isSpaClick({ ...click, button: 1 }, undefined)).toBe(false);
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const)
      expect(isSpaClick({ ...click, [key]: true }, undefined), key).toBe(false);
    expect(isSpaClick(click, '_blank')).toBe(false);
  });
});
