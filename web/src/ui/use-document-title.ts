import { useEffect } from 'react';
import { SHOP_NAME } from '../../../shared/constants';

/** Sets the browser tab title to '{title} | Aurum Fitness' (just the shop name when empty). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
