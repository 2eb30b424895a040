// @vitest-environment happy-dom
/**
 * Where focus goes when a view appears (components/layout.tsx `PageHeading`, components/alert.tsx):
 * - a navigation to another page moves it to the new page's <h1>, so screen-reader users hear
 *   where they are and keyboard users start from the top of the new content;
 * - the heading's text changing alone (its language arriving late, or switched) moves nothing;
 * - an error message that takes focus has it from the commit that shows it, and wins over a heading
 *   that wants focus in that same commit.
 *
 * The races these reproduce were seen as flaky page tests under load (passkey-factor.test.tsx,
 * passwordless.test.tsx): the message was on the page but its focus still waited in a passive effect
 * that React runs in a later task, so whoever looked in between found the <h1> focused.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Alert } from './alert.tsx';
import { AuthCard, PageHeading } from './layout.tsx';

afterEach(cleanup);

function InRouter({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
}

/** Resolves after the next DOM change that makes `find` return an element, with what had focus at that moment. */
function focusWhenItAppears(find: () => Element | null): Promise<{ element: Element; focused: Element | null }> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = find();
      if (!element) return;
      observer.disconnect();
      resolve({ element, focused: document.activeElement });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

let fail: () => void = () => undefined;
/** A page whose error message arrives as a server's answer does. */
function FailingPage() {
  const [failed, setFailed] = useState(false);
  fail = () => setFailed(true);
  return (
    <>
      <PageHeading>Two-step check</PageHeading>
      {failed ? (
        <Alert tone="error" focus>
          The request was cancelled.
        </Alert>
      ) : null}
    </>
  );
}

function LanguagePage({ title }: { title: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <label>
        Language
        <select>
          <option>English</option>
        </select>
      </label>
    </>
  );
}

function WarnedPage({ title }: { title: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Alert tone="warning" focus>
        Check this first.
      </Alert>
    </>
  );
}

let show: () => void = () => undefined;
/** A message above the heading (a banner), so its effect runs before the heading's. */
function BannerPage() {
  const [shown, setShown] = useState(false);
  show = () => setShown(true);
  return (
    <>
      {shown ? (
        <Alert tone="warning" focus>
          Your session is about to end.
        </Alert>
      ) : null}
      <PageHeading>{shown ? 'Anmelden' : 'Sign in'}</PageHeading>
    </>
  );
}

function Broken() {
  return (
    <>
      <Alert tone="error" focus>
        The link has expired.
      </Alert>
      <PageHeading>Reset your password</PageHeading>
    </>
  );
}

function Users() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <PageHeading>Users</PageHeading>
      <button type="button" onClick={() => setParams({ role: 'admin' })}>
        Admins only
      </button>
      <p>{params.get('role') ?? 'all'}</p>
      <Link to="/users/u1">Ada</Link>
    </>
  );
}

function User({ name, next }: { name: string; next: string }) {
  return (
    <>
      <PageHeading>{name}</PageHeading>
      <Link to={next}>Next user</Link>
    </>
  );
}

function StepsPage({ sent, title }: { sent: boolean; title: string }) {
  return sent ? (
    <AuthCard key="sent" title={title}>
      <p>Check your inbox.</p>
    </AuthCard>
  ) : (
    <AuthCard key="form" title="Reset your password">
      <button type="submit">Send</button>
    </AuthCard>
  );
}

describe('focus when a view appears', () => {
  it('an error message has focus in the commit that shows it, not a task later', async () => {
    render(
      <InRouter>
        <FailingPage />
      </InRouter>,
    );
    expect(document.activeElement?.tagName).toBe('H1');
    const seen = focusWhenItAppears(() => document.querySelector('[role="alert"]'));
    // as an answer of the server arrives: outside act, from a promise's continuation
    await Promise.resolve().then(() => fail());
    const { element, focused } = await seen;
    expect(focused).toBe(element);
  });

  it('a heading whose text changes (a language arriving or switched) leaves focus where it is', () => {
    const Page = LanguagePage;
    const { rerender } = render(
      <InRouter>
        <Page title="Sign in" />
      </InRouter>,
    );
    const select = screen.getByLabelText('Language');
    select.focus();
    rerender(
      <InRouter>
        <Page title="Anmelden" />
      </InRouter>,
    );
    expect(document.activeElement).toBe(select);
  });

  it('an error message keeps focus when the heading’s text changes after it', () => {
    const Page = WarnedPage;
    const { rerender } = render(
      <InRouter>
        <Page title="Sign in" />
      </InRouter>,
    );
    const alert = screen.getByRole('status');
    expect(document.activeElement).toBe(alert);
    rerender(
      <InRouter>
        <Page title="Anmelden" />
      </InRouter>,
    );
    expect(document.activeElement).toBe(alert);
  });

  it('an error message and a heading’s new text in one commit: the message wins, wherever it sits', () => {
    render(
      <InRouter>
        <BannerPage />
      </InRouter>,
    );
    act(() => show());
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('a page that opens with an error message above its heading: the message has focus, not the heading', () => {
    render(
      <InRouter path="/start">
        <Routes>
          <Route path="/start" element={<Link to="/reset">Reset</Link>} />
          <Route path="/reset" element={<Broken />} />
        </Routes>
      </InRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Reset' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('a new page takes focus to its <h1>, a new user on the same page too, a new query string does not', () => {
    render(
      <InRouter path="/users">
        <Routes>
          <Route path="/users" element={<Users />} />
          <Route path="/users/u1" element={<User name="Ada" next="/users/u2" />} />
          <Route path="/users/u2" element={<User name="Grace" next="/users/u1" />} />
        </Routes>
      </InRouter>,
    );
    const filter = screen.getByRole('button', { name: 'Admins only' });
    filter.focus();
    fireEvent.click(filter);
    expect(screen.getByText('admin')).toBeTruthy();
    expect(document.activeElement).toBe(filter);

    fireEvent.click(screen.getByRole('link', { name: 'Ada' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Ada' }));
    // the same route element, another path: the heading stays mounted and still takes focus
    const next = screen.getByRole('link', { name: 'Next user' });
    next.focus();
    fireEvent.click(next);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Grace' }));
  });

  it('a step of a page that shows a new card (keyed) takes focus to its heading; a new language does not', () => {
    const Page = StepsPage;
    const { rerender } = render(
      <InRouter>
        <Page sent={false} title="Check your inbox" />
      </InRouter>,
    );
    screen.getByRole('button', { name: 'Send' }).focus();
    rerender(
      <InRouter>
        <Page sent title="Check your inbox" />
      </InRouter>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Check your inbox' });
    expect(document.activeElement).toBe(heading);
    const link = document.createElement('a');
    link.href = '#';
    document.body.append(link);
    link.focus();
    rerender(
      <InRouter>
        <Page sent title="Prüfen Sie Ihren Posteingang" />
      </InRouter>,
    );
    expect(document.activeElement).toBe(link);
    link.remove();
  });
});
