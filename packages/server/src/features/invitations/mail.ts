/**
 * The invitation mail: a link to the web app's accept page, `<baseURL>/accept-invitation/<id>`,
 * in the invitee's language when they already have an account, else in the inviter's.
 */
import type { AuthDeps } from '../../core/http/context.ts';
import { mailBrand, pickLanguage, renderMail } from '../../core/mail/index.ts';
import type { Invitation } from './model.ts';

function acceptInvitationURL(deps: AuthDeps, invitationId: string): string {
  return `${deps.config.baseURL}/accept-invitation/${encodeURIComponent(invitationId)}`;
}

export async function sendInvitationMail(
  deps: AuthDeps,
  input: {
    invitation: Invitation;
    organizationName: string;
    inviterName: string;
    inviteeLanguage: number | null;
    acceptLanguage: string | null;
  },
): Promise<void> {
  const { invitation } = input;
  const language = pickLanguage(input.inviteeLanguage, input.acceptLanguage);
  const rendered = renderMail(
    'invitation',
    {
      appName: deps.config.appName,
      brand: mailBrand(deps.config),
      url: acceptInvitationURL(deps, invitation.id),
      organizationName: input.organizationName,
      inviterName: input.inviterName,
      role: invitation.role,
      expiresInSeconds: Math.max(0, Math.round((invitation.expiresAt.getTime() - deps.clock.now().getTime()) / 1000)),
    },
    language,
  );
  await deps.mailer.send({ to: invitation.email, kind: 'invitation', ...rendered });
}
