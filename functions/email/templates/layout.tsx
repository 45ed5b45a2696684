/**
 * The frame of every Aurum Fitness email (React Email): gold on black, the shop's name as a
 * wordmark linking to the shop, the content, and a footer with the seller's identity (stage
 * settings) and the support address. Mail clients that prefer a light scheme (Apple Mail, iOS)
 * get a light variant with dark gold text through `prefers-color-scheme`; the rest keep black.
 */
import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { StageSettings } from '../../../shared/stage-settings';
import { SHOP_NAME } from '../../../shared/constants';
import { sellerLine } from '../../../shared/seller';

/** Brand colours of the emails. */
export const EMAIL_COLORS = {
  black: '#0a0a0a',
  panel: '#141414',
  gold: '#D4AF37',
  /** Gold text on a light background (at least 4.9:1, as the shop's light theme). */
  goldOnLight: '#7E6417',
  text: '#f2f2f2',
  muted: '#a6a6a6',
  line: '#2e2a1a',
} as const;

/** What every template gets besides its own data. */
export interface EmailContext {
  /** The shop's origin, e.g. 'https://shop.example.com' (absolute links). */
  origin: string;
  settings: StageSettings;
}

const LIGHT_SCHEME_CSS = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: light) {
    .af-body, .af-body > table, .af-body > table > tbody > tr > td { background-color: #f6f3ea !important; }
    .af-panel { background-color: #ffffff !important; border-color: #e4dcc2 !important; }
    .af-text { color: #1a1a1a !important; }
    .af-muted { color: #555555 !important; }
    .af-gold { color: ${EMAIL_COLORS.goldOnLight} !important; }
    .af-button { background-color: ${EMAIL_COLORS.gold} !important; color: #0a0a0a !important; }
  }
`;

export const styles = {
  text: { color: EMAIL_COLORS.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 14px' },
  muted: { color: EMAIL_COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  heading: {
    color: EMAIL_COLORS.gold,
    fontFamily: "'Playfair Display', Georgia, 'Times New Roman', serif",
    fontSize: '24px',
    lineHeight: '32px',
    margin: '0 0 16px',
  },
  button: {
    backgroundColor: EMAIL_COLORS.gold,
    color: EMAIL_COLORS.black,
    borderRadius: '6px',
    fontWeight: 700,
    fontSize: '15px',
    padding: '12px 22px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  link: { color: EMAIL_COLORS.gold, textDecoration: 'underline' },
} as const;

/** The frame: `preview` is the inbox's preview line; `footerExtra` goes above the seller line (e.g. an unsubscribe link). */
export function EmailLayout(props: {
  context: EmailContext;
  preview: string;
  children: ReactNode;
  footerExtra?: ReactNode;
}) {
  const { origin, settings } = props.context;
  const { seller, email } = settings;
  return (
    <Html lang="it">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{LIGHT_SCHEME_CSS}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        className="af-body"
        style={{
          backgroundColor: EMAIL_COLORS.black,
          margin: 0,
          padding: '24px 0',
          fontFamily: "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif",
        }}
      >
        <Container style={{ maxWidth: '600px', margin: '0 auto', padding: '0 12px' }}>
          <Section style={{ padding: '8px 0 20px', textAlign: 'center' }}>
            <Link
              href={origin}
              className="af-gold"
              style={{
                color: EMAIL_COLORS.gold,
                fontFamily: "'Playfair Display', Georgia, serif",
                fontSize: '28px',
                fontWeight: 700,
                letterSpacing: '2px',
                textDecoration: 'none',
              }}
            >
              {SHOP_NAME.toUpperCase()}
            </Link>
          </Section>
          <Section
            className="af-panel"
            style={{
              backgroundColor: EMAIL_COLORS.panel,
              border: `1px solid ${EMAIL_COLORS.line}`,
              borderTop: `3px solid ${EMAIL_COLORS.gold}`,
              borderRadius: '8px',
              padding: '28px 24px',
            }}
          >
            {props.children}
          </Section>
          <Section style={{ padding: '20px 8px 0', textAlign: 'center' }}>
            {props.footerExtra}
            <Text className="af-muted" style={styles.muted}>
              Hai domande? Scrivici a{' '}
              <Link href={`mailto:${email.reply_to}`} className="af-gold" style={styles.link}>
                {email.reply_to}
              </Link>
            </Text>
            <Hr style={{ borderColor: EMAIL_COLORS.line, margin: '12px 0' }} />
            <Text className="af-muted" style={{ ...styles.muted, fontSize: '12px' }}>
              {sellerLine(seller)}
            </Text>
            <Text className="af-muted" style={{ ...styles.muted, fontSize: '12px' }}>
              <Link href={origin} className="af-gold" style={styles.link}>
                {new URL(origin).host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph in the email's text colour. */
export function P(props: { children: ReactNode }) {
  return (
    <Text className="af-text" style={styles.text}>
      {props.children}
    </Text>
  );
}

/** The email's title in gold. */
export function Title(props: { children: ReactNode }) {
  return (
    <Text className="af-gold" style={styles.heading}>
      {props.children}
    </Text>
  );
}
