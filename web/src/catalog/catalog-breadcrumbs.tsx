import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../routing/link';
import { CATALOG_TEXT } from './texts';

/** Breadcrumb trail Home / Prodotti / [extra links] / current page. */
export function CatalogBreadcrumbs({ trail = [], current }: { trail?: { label: string; to: string }[]; current: string }) {
  const links = [{ label: CATALOG_TEXT.home, to: '/' }, { label: CATALOG_TEXT.products, to: '/products' }, ...trail];
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: { xs: 2.5, md: 3.5 }, fontSize: '0.9rem', '& .MuiBreadcrumbs-separator': { color: 'primary.main' } }}>
      {links.map((l) => (
        <Link key={l.to} component={RouterLink} to={l.to} sx={{ color: 'text.secondary', '&:hover': { color: 'primary.main' } }}>
          {l.label}
        </Link>
      ))}
      <Typography component="span" sx={{ color: 'text.primary', fontSize: 'inherit', maxWidth: { xs: 180, sm: 360 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
