import { Link as RouterLink } from 'react-router-dom';
import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/**
 * Breadcrumb trail Home / Prodotti / [extra links] / current page: a `nav` with an ordered list,
 * separators hidden from assistive technology and the current page marked `aria-current="page"`
 * (the markup of MUI's Breadcrumbs, without its collapsing logic in the product page's first load).
 */
export function CatalogBreadcrumbs({
  trail = [],
  current,
}: {
  trail?: { label: string; to: string }[];
  current: string;
}) {
  const links = [{ label: CATALOG_TEXT.home, to: '/' }, { label: CATALOG_TEXT.products, to: '/products' }, ...trail];
  return (
    <Box
      component="nav"
      aria-label="breadcrumb"
      sx={{ mb: { xs: 2.5, md: 3.5 }, fontSize: '0.9rem', color: 'text.secondary' }}
    >
      {/* One line at every width (the current page's name shortens with an ellipsis): the height is
          known before the product is, so the page's skeleton puts the gallery where it will be. */}
      <Box
        component="ol"
        sx={{
          display: 'flex',
          flexWrap: 'nowrap',
          alignItems: 'center',
          listStyle: 'none',
          m: 0,
          p: 0,
          whiteSpace: 'nowrap',
          '& > li': { flexShrink: 0 },
        }}
      >
        {links.map((l) => (
          <Fragment key={l.to}>
            <li>
              <Link
                component={RouterLink}
                to={l.to}
                sx={{ color: 'text.secondary', '&:hover': { color: 'primary.main' } }}
              >
                {l.label}
              </Link>
            </li>
            <Box component="li" aria-hidden sx={{ mx: 1, color: 'primary.main', userSelect: 'none' }}>
              /
            </Box>
          </Fragment>
        ))}
        <Box
          component="li"
          aria-current="page"
          sx={{
            color: 'text.primary',
            maxWidth: { sm: 360 },
            minWidth: 0,
            '&&': { flexShrink: 1 },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {current}
        </Box>
      </Box>
    </Box>
  );
}
