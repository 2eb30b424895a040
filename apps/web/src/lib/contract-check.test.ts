/**
 * Forms are checked with the schema of the row they are sent to, and say each problem at its field
 * in words, with the contract's own limits (no copy of a limit in the web app).
 */
import { credentials, isValidEmail, organization, teams } from '@latch/contract';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../i18n/catalog.ts';
import { format } from '../i18n/messages.ts';
import { checkNewOrganization, checkNewTeamName, slugify } from '../pages/organization/checks.ts';
import { checkBody, maxLengthOf } from './contract-check.ts';
import { validateEmail } from './validation.ts';

const { en, de } = CATALOG;

const NAME_MAX = maxLengthOf(organization.create.body.shape.name);
const SLUG_MAX = maxLengthOf(organization.create.body.shape.slug);

describe("a form checked with its row's schema", () => {
  it('says a value over the contract’s bound at its field, with that bound, in the page’s language', () => {
    const words = { name: { required: 'name?' }, slug: { required: 'slug?' } };
    const long = 'x'.repeat(NAME_MAX + 1);
    expect(checkBody(organization.create.body, { name: long, slug: 'acme' }, words, en)).toEqual({
      name: format(en.validation.nameTooLong, { max: NAME_MAX }),
    });
    expect(checkBody(organization.create.body, { name: long, slug: 'acme' }, words, de).name).toBe(
      format(de.validation.nameTooLong, { max: NAME_MAX }),
    );
    // an empty required field is said with the field's own words
    expect(checkBody(organization.create.body, { name: '', slug: '' }, words, en)).toEqual({
      name: 'name?',
      slug: 'slug?',
    });
  });

  it('finds the field of a nested body (update: data.name) and leaves out fields the form does not show', () => {
    const long = 'x'.repeat(NAME_MAX + 1);
    const body = { organizationId: 'o1', data: { name: long, slug: 'y'.repeat(SLUG_MAX + 1) } };
    expect(checkBody(organization.update.body, body, { name: { required: 'name?' } }, en)).toEqual({
      name: format(en.validation.nameTooLong, { max: NAME_MAX }),
    });
  });

  it('an organization’s and a team’s name may be as long as the server takes, and no longer', () => {
    const name = 'n'.repeat(NAME_MAX);
    expect(checkNewOrganization({ name, slug: 'acme', logo: '' }, en)).toEqual({
      name: undefined,
      slug: undefined,
      logo: undefined,
    });
    expect(checkNewOrganization({ name: `${name}n`, slug: 'acme', logo: '' }, en).name).toBe(
      format(en.validation.nameTooLong, { max: NAME_MAX }),
    );
    const teamMax = maxLengthOf(teams.createTeam.body.shape.name);
    expect(checkNewTeamName('o1', 't'.repeat(teamMax), en)).toBeUndefined();
    expect(checkNewTeamName('o1', 't'.repeat(teamMax + 1), en)).toBe(
      format(en.validation.nameTooLong, { max: teamMax }),
    );
    expect(checkNewTeamName('o1', '   ', en)).toBe(en.organization.teamNameRequired);
  });

  it('a slug made from a long name is cut to what the server takes', () => {
    expect(slugify('word '.repeat(SLUG_MAX)).length).toBeLessThanOrEqual(SLUG_MAX);
    expect(checkNewOrganization({ name: 'Acme', slug: 'Not a slug', logo: '' }, en).slug).toBe(
      en.organization.slugInvalid,
    );
  });

  it("an address is checked by the server's own rule", () => {
    for (const address of ['ada@example.com', 'a@b.c', 'ada@example', 'ada..x@example.com', 'x@example.c0m']) {
      expect(validateEmail(address, en) === undefined, address).toBe(isValidEmail(address));
    }
    expect(validateEmail('   ', en)).toBe(en.validation.emailRequired);
  });

  it('a sign-up over the row’s bounds is refused before sending', () => {
    const max = maxLengthOf(credentials.signUpEmail.body.shape.name);
    const body = {
      name: 'n'.repeat(max + 1),
      email: 'a@b.co',
      password: '',
    };
    expect(
      checkBody(credentials.signUpEmail.body, body, { name: { required: 'name?' }, password: { required: 'pw?' } }, en),
    ).toEqual({ name: format(en.validation.nameTooLong, { max }), password: 'pw?' });
  });
});
