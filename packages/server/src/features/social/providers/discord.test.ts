import { expect, it } from 'vitest';
import { describeDialect } from '../../../test/oauth-provider.ts';
import { discordAvatarURL } from './discord.ts';
import { discordDialect } from './fixtures/discord.ts';

describeDialect(discordDialect);

it('discord: avatar URLs from id and hash, animated ones as gif, legacy tags by discriminator', () => {
  expect(discordAvatarURL({ id: '1', avatar: 'a_1269e74af4df7417b13759eae50c83dc' })).toBe(
    'https://cdn.discordapp.com/avatars/1/a_1269e74af4df7417b13759eae50c83dc.gif',
  );
  expect(discordAvatarURL({ id: '1', avatar: '8342729096ea3675442027381ff50dfe' })).toMatch(/\.png$/);
  expect(discordAvatarURL({ id: '1', avatar: null, discriminator: '1337' })).toBe(
    'https://cdn.discordapp.com/embed/avatars/2.png',
  );
});
