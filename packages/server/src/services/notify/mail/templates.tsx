import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import type { NotifyGroup } from '../preferences.ts';

/**
 * The three emails (issue 29), written with React Email: tables and inline styles that mail clients draw, in
 * Spanish, with real text (no images), `lang="es"` and the button as a plain link. Each renders to HTML and to
 * plain text (the same tree, through html-to-text). See docs/decisions.md, "Email templates".
 */
export const MAIL_TEMPLATES = ['action', 'digest', 'reminder', 'password', 'invite', 'signin'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/**
 * The emails about the account itself (issue 49): sent to one address on request, whatever the notification
 * preferences, with no «Dejar de recibir estos correos». `password` and `invite` carry a one-time link to choose
 * a password (`/auth/password`); `signin` a one-time sign-in link to `url`.
 */
export const ACCOUNT_TEMPLATES = ['password', 'invite', 'signin'] as const satisfies readonly MailTemplate[];
export const isAccountTemplate = (t: MailTemplate): t is (typeof ACCOUNT_TEMPLATES)[number] =>
  (ACCOUNT_TEMPLATES as readonly string[]).includes(t);

/** One thing that happened: what a notification says. */
export interface MailEntry {
  /** The notification's title (e.g. «Revisión interna»). */
  title: string;
  /** Who asks what (e.g. «Ana te pide que revises «Post de lanzamiento»»). */
  content: string;
  /** The app path the button opens (`/portfolios/…`). */
  url?: string | null;
  portfolioName?: string | null;
  actorName?: string | null;
  /** The material version the recipient will see. */
  versionNumber?: number | null;
  /** The words someone wrote with it (a client's reason for changes), quoted. */
  quote?: string | null;
  /** What goes with it, one line each (a client's comments), each linked to where it is. */
  lines?: Array<{ label?: string; text: string; url: string }> | null;
}

/** What a mail_outbox row keeps in `data`: the digest lists `entries`, the others say one thing. */
export interface MailData extends MailEntry {
  /** The group of the event: «Dejar de recibir estos correos» turns its email off. */
  group: NotifyGroup;
  /** The digest's entries, each of its own group. */
  entries?: Array<MailEntry & { group: NotifyGroup }>;
  /** The button's text when «Abrir la pieza» does not fit (a task, a comment). */
  buttonLabel?: string;
  /** An account email's link to choose a password: how many hours it is valid. */
  linkHours?: number;
}

/** The addresses made at send time: the button's (a sign-in link) and the unsubscribe link. */
export interface MailLinks {
  button: string;
  /** None on the account emails. */
  unsubscribe?: string | undefined;
  /** The plain address of an app path (the lines' links); without it a line is not linked. */
  app?: (path: string) => string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const colors = { primary: '#4338ca', text: '#0f172a', muted: '#526075', border: '#e2e8f0', page: '#f1f5f9' };
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function Layout(props: { preview: string; unsubscribe?: string | undefined; children: ReactNode }) {
  return (
    <Html lang="es" dir="ltr">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: font, margin: 0, padding: '24px 12px' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            border: `1px solid ${colors.border}`,
            borderRadius: 12,
            maxWidth: 560,
            padding: '28px 24px',
          }}
        >
          <Text style={{ color: colors.muted, fontSize: 13, fontWeight: 600, margin: '0 0 16px' }}>
            Estudio de Contenido
          </Text>
          {props.children}
          <Hr style={{ borderColor: colors.border, margin: '28px 0 16px' }} />
          {props.unsubscribe ? (
            <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>
              Recibes este correo por tus preferencias de notificación.{' '}
              <Link href={props.unsubscribe} style={{ color: colors.muted, textDecoration: 'underline' }}>
                Dejar de recibir estos correos
              </Link>
            </Text>
          ) : (
            <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>
              Recibes este correo porque se pidió para tu cuenta. Si no fuiste tú, ignóralo: nada cambia.
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

function ActionButton(props: { href: string; children: string }) {
  return (
    <Section style={{ margin: '24px 0 0' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: colors.primary,
          borderRadius: 8,
          color: '#ffffff',
          fontSize: 15,
          fontWeight: 600,
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

const headingStyle = { color: colors.text, fontSize: 22, lineHeight: '28px', margin: '0 0 12px' };
const textStyle = { color: colors.text, fontSize: 15, lineHeight: '22px', margin: '0 0 8px' };
const metaStyle = { color: colors.muted, fontSize: 13, lineHeight: '20px', margin: 0 };

/** Every email: its title and text, what the kind of email adds (`children`), and one button. */
function MailFrame(props: { data: MailData; links: MailLinks; button: string; children: ReactNode }) {
  const { data, links } = props;
  return (
    <Layout preview={data.content} unsubscribe={links.unsubscribe}>
      <Heading as="h1" style={headingStyle}>
        {data.title}
      </Heading>
      <Text style={textStyle}>{data.content}</Text>
      {props.children}
      <ActionButton href={links.button}>{props.button}</ActionButton>
    </Layout>
  );
}

/**
 * One thing, one button: someone asks the recipient to act (who asks what, the piece and its portfolio), or the
 * daily review reminder (how many pieces wait, and the review queue).
 */
function SingleMail({ data, links, label }: { data: MailData; links: MailLinks; label: string }) {
  return (
    <MailFrame data={data} links={links} button={data.buttonLabel ?? label}>
      {data.quote && <Text style={{ ...textStyle, fontStyle: 'italic' }}>«{data.quote}»</Text>}
      {(data.lines ?? []).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once, never reordered.
        <Text key={i} style={{ ...textStyle, margin: '0 0 4px' }}>
          {line.label ? `${line.label}: ` : '• '}
          {links.app ? (
            <Link href={links.app(line.url)} style={{ color: colors.primary }}>
              {line.text}
            </Link>
          ) : (
            line.text
          )}
        </Text>
      ))}
      {data.versionNumber ? <Text style={metaStyle}>Versión {data.versionNumber}</Text> : null}
      {data.portfolioName && <Text style={metaStyle}>Portafolio: {data.portfolioName}</Text>}
    </MailFrame>
  );
}

/** What happened since the last digest, one line each, and one button to the workspace. */
function DigestMail({ data, links }: { data: MailData; links: MailLinks }) {
  const entries = data.entries ?? [];
  return (
    <MailFrame data={data} links={links} button="Abrir el espacio de trabajo">
      {entries.map((entry, i) => (
        <Section
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once, never reordered.
          key={i}
          style={{ borderTop: `1px solid ${colors.border}`, padding: '12px 0 4px' }}
        >
          <Text style={{ ...textStyle, fontWeight: 600, margin: '0 0 2px' }}>{entry.title}</Text>
          <Text style={{ ...textStyle, margin: '0 0 2px' }}>{entry.content}</Text>
          {entry.portfolioName && <Text style={metaStyle}>Portafolio: {entry.portfolioName}</Text>}
        </Section>
      ))}
    </MailFrame>
  );
}

const components = {
  action: (props) => <SingleMail {...props} label="Abrir la pieza" />,
  digest: DigestMail,
  reminder: (props) => <SingleMail {...props} label="Ir a revisar" />,
  password: (props) => <SingleMail {...props} label="Elegir una contraseña nueva" />,
  invite: (props) => <SingleMail {...props} label="Elegir mi contraseña" />,
  signin: (props) => <SingleMail {...props} label="Entrar" />,
} satisfies Record<MailTemplate, (props: { data: MailData; links: MailLinks }) => ReactNode>;

/** The subject line: what the email says, in one line. */
export function subjectOf(template: MailTemplate, data: MailData): string {
  const line = template === 'action' ? data.content : data.title;
  if (isAccountTemplate(template)) return data.title;
  const oneLine = line.replace(/\s+/g, ' ').trim();
  return oneLine.length > 140 ? `${oneLine.slice(0, 139)}…` : oneLine;
}

export async function renderMail(
  template: MailTemplate,
  data: MailData,
  links: MailLinks,
): Promise<RenderedMail> {
  const Component = components[template];
  const element = <Component data={data} links={links} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: subjectOf(template, data), html, text };
}
