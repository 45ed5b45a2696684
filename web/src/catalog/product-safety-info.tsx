import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LEGAL_MSG } from '../../../shared/messages/legal';
import type { ProductSafety } from '../../../shared/product-safety';

/** An electronic address as a link: mailto: for an email, the URL itself for a website. */
function Contact({ value }: { value: string }) {
  const href = value.includes('@') && !/^https?:/i.test(value) ? `mailto:${value}` : value;
  return (
    <Link href={href} rel="noopener" sx={{ wordBreak: 'break-all' }}>
      {value}
    </Link>
  );
}

function Party({ title, name, address, contact }: { title: string; name: string; address: string; contact: string }) {
  return (
    <Box>
      <Typography variant="overline" component="h3" sx={{ color: 'primary.main', lineHeight: 1.6 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {address}
      </Typography>
      <Typography variant="body2">
        <Contact value={contact} />
      </Typography>
    </Box>
  );
}

/**
 * The product page's safety information of a physical product (Reg. (EU) 2023/988, GPSR, art. 19
 * lett. a, b and d): the manufacturer's name, postal and electronic address, the EU responsible
 * person when the manufacturer is outside the Union, the model or batch and the warnings in
 * Italian. Renders nothing for a product without it (digital products).
 */
export function ProductSafetyInfo({ safety }: { safety: ProductSafety | null | undefined }) {
  if (!safety) return null;
  return (
    <Box component="section" aria-labelledby="product-safety-title" data-testid="product-safety">
      <Typography id="product-safety-title" variant="h3" component="h2" sx={{ mb: 3 }}>
        {LEGAL_MSG.safetyTitle}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          p: { xs: 2, md: 3 },
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Party
          title={LEGAL_MSG.manufacturer}
          name={safety.manufacturer_name}
          address={safety.manufacturer_address}
          contact={safety.manufacturer_contact}
        />
        {safety.responsible_person_name && (
          <Party
            title={LEGAL_MSG.responsiblePerson}
            name={safety.responsible_person_name}
            address={safety.responsible_person_address ?? ''}
            contact={safety.responsible_person_contact ?? ''}
          />
        )}
        <Box sx={{ gridColumn: { md: safety.responsible_person_name ? 'auto' : 'span 2' } }}>
          <Typography variant="overline" component="h3" sx={{ color: 'primary.main', lineHeight: 1.6 }}>
            {LEGAL_MSG.warnings}
          </Typography>
          <Typography variant="body2" data-testid="product-safety-warnings" sx={{ whiteSpace: 'pre-line' }}>
            {safety.warnings}
          </Typography>
          {safety.product_identifier && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {LEGAL_MSG.productIdentifier}: {safety.product_identifier}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
