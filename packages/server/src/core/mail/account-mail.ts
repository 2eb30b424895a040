/** Rendering and sending the mails about a person's account, in their language. */
import type { RequestContext } from '../http/context.ts';
import { type MailKind, type MailVars, mailBrand, pickLanguage, renderMail } from './render.ts';

type Ctx = RequestContext<unknown, unknown>;

/** What a mail needs of its reader: the name it greets and the language it is written in. */
export interface MailReader {
  name: string;
  language: number | null;
}

/** Sends one mail; throws MailDeliveryError when the mail server refuses or cannot be reached. */
export async function sendAccountMail(
  ctx: Ctx,
  input: { to: string; kind: MailKind; user: MailReader; vars: Omit<MailVars, 'appName' | 'brand'> },
): Promise<void> {
  const { config, mailer } = ctx.deps;
  const language = pickLanguage(input.user.language, ctx.request.headers.get('accept-language'));
  const rendered = renderMail(
    input.kind,
    { appName: config.appName, brand: mailBrand(config), userName: input.user.name, ...input.vars },
    language,
  );
  await mailer.send({ to: input.to, kind: input.kind, ...rendered });
}
