import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

/**
 * The frame and parts every Signet mail shares. Inline styles only (mail
 * clients drop <style> and classes), no remote images: no fetch can tell
 * anyone the mail was opened, and nothing is blocked by a client that
 * refuses images. The brand is plain text; a team's logo (its signers'
 * mails) travels inside the mail and is shown by content id.
 */

/** Looks up one message of the `mail` namespace in the recipient's language. */
export type TMailT = (key: string, values?: Record<string, string | number | Date>) => string;

/** `brand` is Signet, or the sending team's name with its `color` and inline logo (`logoCid`). */
export type TMailContext = { t: TMailT; locale: string; brand: string; color?: string | null; logoCid?: string | null };

/**
 * A template's subject is its message and values, not text: renderMail formats it, cutting each name in it
 * (subjectValues), so no template can put a whole 240-character file name in an inbox's one line.
 */
export type TMailSubject = { key: string; values?: Record<string, string | number | Date> };

export type TRenderedTemplate = { subject: TMailSubject; element: ReactNode };

const colors = {
  primary: '#5b41e9',
  text: '#1f2330',
  muted: '#5c6070',
  border: '#e3e4ea',
  page: '#f4f4f8',
  card: '#ffffff',
  quote: '#f0f0ff',
};
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The team's colour (checked readable under white text when it was set), else Signet's. */
const accent = (context: TMailContext) => context.color ?? colors.primary;

type TLayoutProps = { context: TMailContext; preview: string; heading: string; footer: string[]; children: ReactNode };

export function MailLayout({ context, preview, heading, footer, children }: TLayoutProps) {
  return (
    <Html lang={context.locale} dir="ltr">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: colors.page, margin: 0, padding: '24px 0', fontFamily: font, color: colors.text }}
      >
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '0 16px' }}>
          {context.color || context.logoCid ? (
            <Section
              style={{
                backgroundColor: accent(context),
                borderRadius: '12px',
                padding: '12px 16px',
                margin: '0 0 16px',
              }}
            >
              {context.logoCid && (
                <Img
                  src={`cid:${context.logoCid}`}
                  alt=""
                  height="32"
                  style={{
                    display: 'inline-block',
                    verticalAlign: 'middle',
                    backgroundColor: '#ffffff',
                    borderRadius: '4px',
                    padding: '2px',
                    marginRight: '12px',
                  }}
                />
              )}
              <span style={{ fontSize: '18px', fontWeight: 700, color: '#ffffff', verticalAlign: 'middle' }}>
                {context.brand}
              </span>
            </Section>
          ) : (
            <Text style={{ fontSize: '20px', fontWeight: 700, color: colors.primary, margin: '0 0 16px' }}>
              {context.brand}
            </Text>
          )}
          <Section
            style={{
              backgroundColor: colors.card,
              border: `1px solid ${colors.border}`,
              borderRadius: '12px',
              padding: '24px',
            }}
          >
            <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', margin: '0 0 16px', color: colors.text }}>
              {heading}
            </Heading>
            {children}
          </Section>
          {footer.map((line) => (
            <Text key={line} style={{ fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: '12px 0 0' }}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' }}>{children}</Text>;
}

/**
 * The mail's one call to action. The plain-text part reads "label URL"; the
 * copyable address under the button is for HTML readers only.
 */
export function Action({ href, label, context }: { href: string; label: string; context: TMailContext }) {
  return (
    <>
      <Section style={{ margin: '8px 0 20px' }}>
        <Button
          href={href}
          style={{
            backgroundColor: accent(context),
            color: '#ffffff',
            borderRadius: '8px',
            padding: '12px 20px',
            fontSize: '15px',
            fontWeight: 600,
            textDecoration: 'none',
          }}
        >
          {label}
        </Button>
      </Section>
      <Section data-skip-in-text="true">
        <Text style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 16px' }}>
          {context.t('linkFallback')}
          <br />
          <Link href={href} style={{ color: colors.primary, wordBreak: 'break-all' }}>
            {href}
          </Link>
        </Text>
      </Section>
    </>
  );
}

/** Text someone typed (a message, a reason), kept line by line and set apart from ours. */
export function Quote({ label, text }: { label: string; text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <Section
      style={{
        backgroundColor: colors.quote,
        borderLeft: `4px solid ${colors.primary}`,
        borderRadius: '4px',
        padding: '12px 16px',
        margin: '0 0 16px',
      }}
    >
      <Text style={{ fontSize: '13px', fontWeight: 600, margin: '0 0 4px' }}>{label}</Text>
      <Text style={{ fontSize: '15px', lineHeight: '24px', margin: 0 }}>
        {lines.map((line, index) => (
          <span key={index}>
            {index > 0 && <br />}
            {line}
          </span>
        ))}
      </Text>
    </Section>
  );
}

/** A one-time code, large and spaced so it reads and copies without mistakes. */
export function Code({ code }: { code: string }) {
  return (
    <Text
      style={{
        fontFamily: "'SFMono-Regular', Consolas, 'Liberation Mono', monospace",
        fontSize: '32px',
        fontWeight: 700,
        letterSpacing: '6px',
        margin: '0 0 16px',
        color: colors.text,
      }}
    >
      {code}
    </Text>
  );
}
