import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog.ts';
import { LANGUAGES } from './languages.ts';
import { adminEn } from './locales/admin/en.ts';
import { en } from './locales/en.ts';
import { moreEn } from './locales/more/en.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a message tree as `path -> text`. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// the reference: English, its three files (fetched apart, checked together)
const reference = leaves({
  ...en,
  ...moreEn,
  errors: { ...en.errors, ...moreEn.errors },
  admin: adminEn,
} as unknown as Tree);

describe('translations', () => {
  it('covers the eight languages of the spec enumeration with their numeric codes', () => {
    expect(LANGUAGES.map((l) => [l.tag, l.code]).sort()).toEqual(
      [
        ['de', 6],
        ['en', 3],
        ['es', 4],
        ['fr', 16],
        ['pl', 15],
        ['ru', 0],
        ['tr', 82],
        ['uk', 1],
      ].sort(),
    );
    expect(Object.keys(CATALOG).sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });

  for (const { tag } of LANGUAGES) {
    it(`${tag}: has every key, nothing empty, nothing extra, the same placeholders`, () => {
      const messages = leaves(CATALOG[tag] as unknown as Tree);
      const missing = [...reference.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !reference.has(key));
      const empty = [...messages].filter(([, text]) => !text.trim()).map(([key]) => key);
      const wrongPlaceholders = [...reference]
        .filter(
          ([key, text]) =>
            JSON.stringify(placeholders(messages.get(key) ?? text)) !== JSON.stringify(placeholders(text)),
        )
        .map(([key]) => key);
      expect({ missing, extra, empty, wrongPlaceholders }).toEqual({
        missing: [],
        extra: [],
        empty: [],
        wrongPlaceholders: [],
      });
    });
  }

  it('is really translated: at most a few texts are identical to English outside English', () => {
    for (const { tag } of LANGUAGES) {
      if (tag === 'en') continue;
      const messages = leaves(CATALOG[tag] as unknown as Tree);
      const same = [...reference].filter(([key, text]) => messages.get(key) === text && !/^\{?\w*\}?$/.test(text));
      expect(same.length, `${tag}: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(4);
    }
  });
});
