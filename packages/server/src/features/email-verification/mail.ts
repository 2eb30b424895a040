/** Rendering and sending the account mails of the email flows, in the user's language. */
import type { RequestContext } from '../../core/http/context.ts';
import { type MailKind, type MailVars, pickLanguage, renderMail } from '../../core/mail/render.ts';
import type { User } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

/** Sends one mail; throws MailDeliveryError when the mail server refuses or cannot be reached. */
export async function sendAccountMail(
  ctx: Ctx,
  input: { to: string; kind: MailKind; user: Pick<User, 'name' | 'language'>; vars: Omit<MailVars, 'appName'> },
): Promise<void> {
  const { config, mailer } = ctx.deps;
  const language = pickLanguage(input.user.language, ctx.request.headers.get('accept-language'));
  const rendered = renderMail(
    input.kind,
    { appName: config.appName, userName: input.user.name, ...input.vars },
    language,
  );
  await mailer.send({ to: input.to, kind: input.kind, ...rendered });
}

/** A notice whose loss must not undo what already happened: a failure is logged, not thrown. */
export async function sendNotice(ctx: Ctx, input: Parameters<typeof sendAccountMail>[1]): Promise<void> {
  try {
    await sendAccountMail(ctx, input);
  } catch (err) {
    ctx.deps.logger.error(`could not send the ${input.kind} mail`, { kind: input.kind, error: err });
  }
}
