import { expect, it } from 'vitest';
import { resolveConfig } from '../core/config/resolve.ts';
import { webHeaders } from '../core/http/security-headers.ts';
import { brandedIndex, publicConfig } from './static.ts';

const secret = 'a-secret-that-is-long-enough-for-the-test-0123';

it("gives the web app the server's password lengths (and nothing of the blocklist or lockout)", () => {
  const ctx = { production: false, test: true };
  expect(publicConfig(resolveConfig({ secret }, ctx)).password).toEqual({ minLength: 8, maxLength: 128 });
  const nist = resolveConfig({ secret, emailAndPassword: { minPasswordLength: 15, maxPasswordLength: 64 } }, ctx);
  const exposed = publicConfig(nist);
  expect(exposed.password).toEqual({ minLength: 15, maxLength: 64 });
  expect(JSON.stringify(exposed)).not.toMatch(/lockout|breach|blocklist/);
});

it("gives the web app the username plugin's configured lengths, or null when it is off", () => {
  const ctx = { production: false, test: true };
  expect(publicConfig(resolveConfig({ secret }, ctx)).username).toEqual({ minLength: 3, maxLength: 30 });
  const tuned = resolveConfig({ secret, plugins: { username: { minUsernameLength: 5, maxUsernameLength: 12 } } }, ctx);
  expect(publicConfig(tuned).username).toEqual({ minLength: 5, maxLength: 12 });
  expect(publicConfig(resolveConfig({ secret, plugins: { username: false } }, ctx)).username).toBeNull();
});

it('tells the web app which passwordless ways in the operator turned on (all off by default)', () => {
  const ctx = { production: false, test: true };
  expect(publicConfig(resolveConfig({ secret }, ctx)).features).toMatchObject({
    passkey: false,
    magicLink: false,
    emailOTP: false,
  });
  const on = resolveConfig({ secret, plugins: { passkey: {}, magicLink: {}, emailOTP: {} } }, ctx);
  expect(publicConfig(on).features).toMatchObject({ passkey: true, magicLink: true, emailOTP: true });
  // only the switches: no relying-party id, origins, lifetimes or code lengths
  expect(JSON.stringify(publicConfig(on))).not.toMatch(/rpID|origins|expiresIn|otpLength|allowedAttempts/);
});

it("gives the web app the operator's brand, colours already at AA in each theme", () => {
  const ctx = { production: false, test: true };
  expect(publicConfig(resolveConfig({ secret }, ctx)).branding).toEqual({
    logo: null,
    colours: null,
    supportURL: null,
    termsURL: null,
    privacyURL: null,
    poweredBy: true,
  });
  const branded = resolveConfig(
    {
      secret,
      branding: {
        logo: { light: '/brand/light.svg', dark: '/brand/dark.svg' },
        primaryColor: '#ffcc00',
        termsURL: 'https://acme.example/terms',
        poweredBy: false,
      },
    },
    ctx,
  );
  const { branding } = publicConfig(branded);
  expect(branding).toMatchObject({
    logo: { light: '/brand/light.svg', dark: '/brand/dark.svg' },
    termsURL: 'https://acme.example/terms',
    poweredBy: false,
  });
  // a yellow too pale for white text is darkened for the buttons, lightened for dark-theme links
  expect(branding.colours?.light.accent).not.toBe('#ffcc00');
  expect(branding.colours?.dark.link).not.toBe(branding.colours?.dark.accent);
  // the log's sentences stay on the server
  expect(JSON.stringify(branding)).not.toMatch(/WCAG/);
});

it("puts the app's name and the operator's favicon in the page, and lets it load the brand's images", () => {
  const ctx = { production: false, test: true };
  const html = '<head><link rel="icon" href="data:image/svg+xml,x" /><title>Latch</title><!--latch:config--></head>';
  const plain = resolveConfig({ secret }, ctx);
  expect(brandedIndex(html, plain)).toBe(html);
  expect(webHeaders(plain)['content-security-policy']).toContain("img-src 'self' data:;");
  const branded = resolveConfig(
    {
      secret,
      appName: 'Acme "ID" <b>',
      branding: {
        favicon: 'https://cdn.acme.example/f.png',
        logo: { light: '/l.svg', dark: 'https://img.example/d.svg' },
      },
    },
    ctx,
  );
  const page = brandedIndex(html, branded);
  expect(page).toContain('<link rel="icon" href="https://cdn.acme.example/f.png" />');
  expect(page).toContain('<title>Acme &quot;ID&quot; &lt;b&gt;</title>');
  expect(page).not.toContain('data:image/svg+xml');
  expect(webHeaders(branded)['content-security-policy']).toContain(
    "img-src 'self' data: https://img.example https://cdn.acme.example;",
  );
});
