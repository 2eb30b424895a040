/** The types of `createAuthClient`: its options and the shape of every endpoint. */
import type { GetSessionQuery, SessionOptions, SessionStore } from './session-store.ts';
import type {
  AuthResult,
  ErrorContext,
  FetchOptions,
  HeadersOption,
  HttpMethod,
  RequestContext,
  ResponseContext,
  RetryOption,
  SuccessContext,
} from './transport.ts';
import type * as T from './types.ts';
import type { Query } from './url.ts';

/** Hooks that run on every call, before the per-call ones. */
export interface GlobalFetchOptions {
  headers?: HeadersOption;
  onRequest?: (context: RequestContext) => void | Promise<void>;
  onResponse?: (context: ResponseContext) => void | Promise<void>;
  onSuccess?: (context: SuccessContext) => void | Promise<void>;
  onError?: (context: ErrorContext) => void | Promise<void>;
}

export interface ClientOptions {
  /** Origin of the auth server (`https://auth.example.com`), or a full API root when it has a path. */
  baseURL?: string;
  /** Appended to a path-less `baseURL`. Default `/api/auth`. */
  basePath?: string;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Default `include`, so the HttpOnly session cookie travels (cross-origin needs CORS with credentials). */
  credentials?: RequestCredentials;
  /** Extra headers on every call, e.g. `() => ({ authorization: `Bearer ${token}` })`. */
  headers?: HeadersOption;
  /** Retry policy for every call. Default: no retry. */
  retry?: RetryOption;
  /** Throw mode for every call: resolve with the data, throw `LatchError` on failure. */
  throw?: boolean;
  /** How to follow `{ url, redirect: true }` answers. Default: `window.location.href = url`. */
  navigate?: (url: string) => void;
  /** Called with the new session data whenever the session store sees it change. */
  onSessionChange?: (data: T.SessionData | null) => void;
  /** Called when sign-in answers `twoFactorRedirect` (the user must pass a second factor). */
  onTwoFactorRedirect?: (context: { twoFactorMethods: string[] }) => void;
  /** Session refetch triggers. */
  session?: SessionOptions;
  /** better-auth-style global hooks. */
  fetchOptions?: GlobalFetchOptions;
}

// ---------- call typing ----------

type NoFields = Record<never, never>;

/** `{ data, error }`, or the bare data in throw mode (per call, else per client). */
export type Resolve<O, PerCall, ClientThrow extends boolean> = PerCall extends true
  ? O
  : PerCall extends false
    ? AuthResult<O>
    : ClientThrow extends true
      ? O
      : AuthResult<O>;

export type CallOptions<O, Th> = FetchOptions<O> & { throw?: Th };

/** An endpoint that needs an argument. */
export type Endpoint<I, O, ClientThrow extends boolean> = <Th extends boolean | undefined = undefined>(
  input: I & { fetchOptions?: CallOptions<O, Th> },
  fetchOptions?: CallOptions<O, Th>,
) => Promise<Resolve<O, Th, ClientThrow>>;

/** An endpoint whose argument may be left out. */
export type OptionalEndpoint<I, O, ClientThrow extends boolean> = <Th extends boolean | undefined = undefined>(
  input?: I & { fetchOptions?: CallOptions<O, Th> },
  fetchOptions?: CallOptions<O, Th>,
) => Promise<Resolve<O, Th, ClientThrow>>;

// ---------- inputs ----------

export type SocialProvider =
  | 'apple'
  | 'discord'
  | 'facebook'
  | 'github'
  | 'microsoft'
  | 'google'
  | 'spotify'
  | 'twitch'
  | 'twitter'
  | 'dropbox'
  | 'kick'
  | 'linkedin'
  | 'gitlab'
  | 'tiktok'
  | 'reddit'
  | 'roblox'
  | 'vk'
  | 'zoom';

export interface IdTokenInput {
  token: string;
  nonce?: string;
  accessToken?: string;
  refreshToken?: string;
  expiresAt?: number;
}

export interface SignUpEmailInput {
  name: string;
  email: string;
  password: string;
  image?: string;
  callbackURL?: string;
  rememberMe?: boolean;
  username?: string;
  displayUsername?: string;
  language?: number;
}

export interface SignInEmailInput {
  email: string;
  password: string;
  callbackURL?: string;
  rememberMe?: boolean;
}

export interface SignInUsernameInput {
  username: string;
  password: string;
  callbackURL?: string;
  rememberMe?: boolean;
}

export interface SignInSocialInput {
  provider: SocialProvider | (string & {});
  callbackURL?: string;
  newUserCallbackURL?: string;
  errorCallbackURL?: string;
  disableRedirect?: boolean;
  scopes?: string[];
  loginHint?: string;
  requestSignUp?: boolean;
  additionalData?: Record<string, unknown>;
  idToken?: IdTokenInput & { user?: { name?: { firstName?: string; lastName?: string }; email?: string } };
}

export interface SignOutInput {
  callbackURL?: string;
  disableRedirect?: boolean;
}

export interface UpdateUserInput {
  name?: string;
  image?: string | null;
  username?: string;
  displayUsername?: string;
  language?: number;
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions?: boolean;
}

export interface DeleteUserInput {
  password?: string;
  token?: string;
  callbackURL?: string;
}

export interface RequestPasswordResetInput {
  email: string;
  /** Where the emailed link finally lands, with `?token=`; must be a trusted origin or a relative path. */
  redirectTo?: string;
}

export interface ResetPasswordInput {
  newPassword: string;
  token?: string;
  query?: { token?: string };
}

export interface LinkSocialInput {
  provider: SocialProvider | (string & {});
  callbackURL?: string;
  errorCallbackURL?: string;
  scopes?: string[];
  disableRedirect?: boolean;
  loginHint?: string;
  requestSignUp?: boolean;
  idToken?: IdTokenInput;
}

export interface ListMembersQuery {
  limit?: number;
  offset?: number;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  filterField?: string;
  filterValue?: string | number | boolean;
  filterOperator?:
    | 'eq'
    | 'ne'
    | 'lt'
    | 'lte'
    | 'gt'
    | 'gte'
    | 'in'
    | 'not_in'
    | 'contains'
    | 'starts_with'
    | 'ends_with';
  organizationId?: string;
  organizationSlug?: string;
}

export interface OrganizationDataInput {
  name?: string;
  slug?: string;
  logo?: string;
  metadata?: Record<string, unknown>;
}

// ---------- the client's shape ----------

export interface AuthClient<ClientThrow extends boolean = false> {
  signUp: {
    email: Endpoint<SignUpEmailInput, T.SignUpResponse, ClientThrow>;
  };
  signIn: {
    email: Endpoint<SignInEmailInput, T.SignInResponse, ClientThrow>;
    username: Endpoint<SignInUsernameInput, T.SignInResponse, ClientThrow>;
    social: Endpoint<SignInSocialInput, T.SocialSignInResponse, ClientThrow>;
  };
  signOut: OptionalEndpoint<SignOutInput, T.SignOutResponse, ClientThrow>;
  getSession: OptionalEndpoint<{ query?: GetSessionQuery }, T.SessionData | null, ClientThrow>;
  listSessions: OptionalEndpoint<NoFields, T.Session[], ClientThrow>;
  revokeSession: Endpoint<{ token: string }, T.StatusResponse, ClientThrow>;
  revokeSessions: OptionalEndpoint<NoFields, T.StatusResponse, ClientThrow>;
  revokeOtherSessions: OptionalEndpoint<NoFields, T.StatusResponse, ClientThrow>;
  updateUser: Endpoint<UpdateUserInput, T.StatusResponse, ClientThrow>;
  changePassword: Endpoint<ChangePasswordInput, T.ChangePasswordResponse, ClientThrow>;
  changeEmail: Endpoint<{ newEmail: string; callbackURL?: string }, T.StatusResponse, ClientThrow>;
  deleteUser: OptionalEndpoint<DeleteUserInput, T.SuccessResponse, ClientThrow>;
  requestPasswordReset: Endpoint<RequestPasswordResetInput, T.RequestPasswordResetResponse, ClientThrow>;
  /** The spec's name for requestPasswordReset (POST /forget-password; Latch serves both). */
  forgetPassword: Endpoint<RequestPasswordResetInput, T.RequestPasswordResetResponse, ClientThrow>;
  resetPassword: Endpoint<ResetPasswordInput, T.StatusResponse, ClientThrow>;
  sendVerificationEmail: Endpoint<{ email: string; callbackURL?: string }, T.StatusResponse, ClientThrow>;
  verifyEmail: Endpoint<{ query: { token: string; callbackURL?: string } }, T.VerifyEmailResponse, ClientThrow>;
  linkSocial: Endpoint<LinkSocialInput, T.LinkSocialResponse, ClientThrow>;
  listAccounts: OptionalEndpoint<NoFields, T.Account[], ClientThrow>;
  /** `accountId` is the account row's `id` (from listAccounts), not the provider's account id. */
  unlinkAccount: Endpoint<{ accountId: string; providerId?: string }, T.StatusResponse, ClientThrow>;
  isUsernameAvailable: Endpoint<{ username: string }, T.UsernameAvailableResponse, ClientThrow>;
  organization: {
    create: Endpoint<
      {
        name: string;
        slug: string;
        logo?: string;
        metadata?: Record<string, unknown>;
        keepCurrentActiveOrganization?: boolean;
      },
      T.CreateOrganizationResponse,
      ClientThrow
    >;
    checkSlug: Endpoint<{ slug: string }, T.StatusResponse, ClientThrow>;
    update: Endpoint<{ data: OrganizationDataInput; organizationId?: string }, T.Organization, ClientThrow>;
    delete: Endpoint<{ organizationId: string }, T.Organization, ClientThrow>;
    list: OptionalEndpoint<NoFields, T.Organization[], ClientThrow>;
    /** `organizationId: null` unsets the active organization. */
    setActive: Endpoint<
      { organizationId?: string | null; organizationSlug?: string },
      T.FullOrganization | null,
      ClientThrow
    >;
    getFullOrganization: OptionalEndpoint<
      { query?: { organizationId?: string; organizationSlug?: string; membersLimit?: number } },
      T.FullOrganization | null,
      ClientThrow
    >;
    listMembers: OptionalEndpoint<{ query?: ListMembersQuery }, T.ListMembersResponse, ClientThrow>;
    inviteMember: Endpoint<
      {
        email: string;
        role: string | string[];
        organizationId?: string;
        resend?: boolean;
        teamId?: string | string[];
      },
      T.Invitation,
      ClientThrow
    >;
    acceptInvitation: Endpoint<{ invitationId: string }, T.AcceptInvitationResponse, ClientThrow>;
    rejectInvitation: Endpoint<{ invitationId: string }, T.RejectInvitationResponse, ClientThrow>;
    cancelInvitation: Endpoint<{ invitationId: string }, T.Invitation, ClientThrow>;
    getInvitation: Endpoint<{ query: { id: string } }, T.InvitationDetails, ClientThrow>;
    listInvitations: OptionalEndpoint<{ query?: { organizationId?: string } }, T.Invitation[], ClientThrow>;
    listUserInvitations: OptionalEndpoint<NoFields, T.UserInvitation[], ClientThrow>;
    /** A value containing `@` is treated as an email. */
    removeMember: Endpoint<{ memberIdOrEmail: string; organizationId?: string }, { member: T.Member }, ClientThrow>;
    updateMemberRole: Endpoint<
      { memberId: string; role: string | string[]; organizationId?: string },
      T.Member,
      ClientThrow
    >;
    leave: Endpoint<{ organizationId: string }, T.Member, ClientThrow>;
    getActiveMember: OptionalEndpoint<NoFields, T.MemberWithUser, ClientThrow>;
    getActiveMemberRole: OptionalEndpoint<
      { query?: { userId?: string; organizationId?: string; organizationSlug?: string } },
      { role: string },
      ClientThrow
    >;
    hasPermission: Endpoint<
      { permissions: T.Permissions; organizationId?: string },
      T.HasPermissionResponse,
      ClientThrow
    >;
    createTeam: Endpoint<{ name: string; organizationId?: string }, T.Team, ClientThrow>;
    listTeams: OptionalEndpoint<{ query?: { organizationId?: string } }, T.Team[], ClientThrow>;
    updateTeam: Endpoint<{ teamId: string; data: { name?: string; organizationId?: string } }, T.Team, ClientThrow>;
    removeTeam: Endpoint<{ teamId: string; organizationId?: string }, T.MessageResponse, ClientThrow>;
    /** `teamId: null` unsets the active team. */
    setActiveTeam: Endpoint<{ teamId?: string | null }, T.Team | null, ClientThrow>;
    listUserTeams: OptionalEndpoint<{ query?: { userId?: string; organizationId?: string } }, T.Team[], ClientThrow>;
    listTeamMembers: OptionalEndpoint<{ query?: { teamId?: string } }, T.TeamMember[], ClientThrow>;
    addTeamMember: Endpoint<{ teamId: string; userId: string; organizationId?: string }, T.TeamMember, ClientThrow>;
    removeTeamMember: Endpoint<
      { teamId: string; userId: string; organizationId?: string },
      T.MessageResponse,
      ClientThrow
    >;
  };
  /** The session store: `{ data, isPending, isRefetching, error }`, kept fresh by the refetch triggers. */
  $session: SessionStore;
  /** A raw call to any path (plugins not typed here), with the same method rules, signals and redirects. */
  $fetch: <O = unknown, Th extends boolean | undefined = undefined>(
    path: string,
    options?: CallOptions<O, Th>,
  ) => Promise<Resolve<O, Th, ClientThrow>>;
  /** Listens to every successful call (e.g. to refetch a query after a mutation). Returns the unsubscribe. */
  $listen: (listener: (event: CallEvent) => void) => () => void;
  /** The API root calls go to. */
  readonly baseURL: string;
  /** Removes the store's window listeners and closes the cross-tab channel. */
  $destroy: () => void;
}

export interface CallEvent {
  path: string;
  method: HttpMethod;
  data: unknown;
}
