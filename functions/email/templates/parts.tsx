/** Small pieces several templates share: a gold button, a table of amounts, an address block. */
import type { ReactNode } from 'react';
import { Button, Column, Row, Section, Text } from '@react-email/components';
import { formatEuro } from '../../../shared/money';
import type { ShippingAddressDto } from '../../../shared/api/orders';
import { EMAIL_COLORS, styles } from './layout';

/** A gold call-to-action button (absolute `href`). */
export function GoldButton(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button href={props.href} className="af-button" style={styles.button}>
        {props.children}
      </Button>
    </Section>
  );
}

/** One row of an amounts table: label left, amount (cents, or a text such as 'GRATIS') right. */
export function AmountRow(props: {
  label: ReactNode;
  cents?: number;
  value?: string;
  strong?: boolean;
  testId?: string;
}) {
  const value = props.value ?? (props.cents !== undefined ? formatEuro(props.cents) : '');
  const style = {
    ...styles.text,
    margin: '0 0 6px',
    ...(props.strong ? { fontWeight: 700, color: EMAIL_COLORS.gold, fontSize: '17px' } : {}),
  };
  return (
    <Row>
      <Column>
        <Text className={props.strong ? 'af-gold' : 'af-text'} style={style}>
          {props.label}
        </Text>
      </Column>
      <Column align="right">
        <Text
          className={props.strong ? 'af-gold' : 'af-text'}
          style={{ ...style, textAlign: 'right' }}
          data-total={props.testId}
        >
          {value}
        </Text>
      </Column>
    </Row>
  );
}

/** An address as the shop prints it, one line each. */
export function AddressBlock(props: { address: ShippingAddressDto }) {
  const a = props.address;
  const lines = [
    a.full_name,
    a.line1,
    a.line2,
    `${a.postal_code} ${a.city}${a.province ? ` (${a.province})` : ''}`,
    a.country,
    a.phone ? `Tel. ${a.phone}` : null,
  ].filter((l): l is string => Boolean(l));
  return (
    <Text className="af-text" style={{ ...styles.text, whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Text>
  );
}
