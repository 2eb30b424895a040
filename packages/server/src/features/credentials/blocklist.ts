/**
 * The offline blocklist of NIST SP 800-63B rev 4 §3.1.1.2: the ~49 000 most common passwords
 * of breach corpuses and ~56 000 ordinary English words, from the dictionaries zxcvbn-ts ships
 * (MIT; docs/decisions/password-blocklist.md). Loaded once per process, on the first
 * password that is set, never at start-up: instances that never take a new password never
 * pay the ~0.5 s and the memory. Which forms of a password are looked up in which list is
 * the contract's rule (packages/contract/src/password-policy.ts).
 */
import { blocklistCandidates, dictionaryCandidates, normalizePassword } from '@latch/contract';

interface Lists {
  /** Common passwords: looked up with their decorations removed too ("Monkey!2024"). */
  passwords: ReadonlySet<string>;
  /** Ordinary words: the whole password only ("exactly", not "Exactly8"). */
  words: ReadonlySet<string>;
}

let lists: Promise<Lists> | null = null;

function toSet(entries: readonly string[]): ReadonlySet<string> {
  return new Set(entries.map(normalizePassword));
}

async function loadLists(): Promise<Lists> {
  const [common, english] = await Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
  return {
    passwords: toSet(common.dictionary['passwords-common']),
    words: toSet(english.dictionary['commonWords-en']),
  };
}

function blocklist(): Promise<Lists> {
  if (!lists) {
    lists = loadLists();
    // a failed load (a broken install) is tried again by the next password, not remembered
    lists.catch(() => {
      lists = null;
    });
  }
  return lists;
}

/** Whether the password is a common password (decorated or not) or an ordinary word. */
export async function isBlocklisted(password: string): Promise<boolean> {
  const { passwords, words } = await blocklist();
  return (
    blocklistCandidates(password).some((form) => passwords.has(form)) ||
    dictionaryCandidates(password).some((form) => words.has(form))
  );
}
