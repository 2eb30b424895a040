import { useEffect, useId, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { format, type Messages } from '../../i18n/messages.ts';
import { fileSlug, saveTextFile } from '../../lib/download.ts';
import { useSession } from '../../lib/session.ts';

/** The body's mark while the codes are printed: the print styles show the codes' sheet alone. */
const PRINTING = 'backup-codes';

/** The text file (and the clipboard): who the codes are for, when they were made, one code a line. */
export function backupCodesText(codes: readonly string[], t: Messages, who: { app: string; email: string }): string {
  const day = new Date().toISOString().slice(0, 10);
  return [
    format(t.twoFactorSettings.codesFileTitle, { app: who.app, email: who.email }),
    format(t.twoFactorSettings.codesFileNote, { date: day }),
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The backup codes, shown once: copy them, save them as a text file or print them (the page's
 * print styles leave the codes alone on the sheet). What was done is said in a live region.
 */
export function BackupCodes({ title, codes }: { title: string; codes: string[] }) {
  const { t } = useI18n();
  const { appName } = getConfig();
  const email = useSession().data?.user.email ?? '';
  const titleId = useId();
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const text = backupCodesText(codes, t, { app: appName, email });

  // the print mark comes off once the print dialog closes, and if the codes leave the screen first
  useEffect(() => {
    const done = () => delete document.body.dataset.printing;
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      done();
    };
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNote({ tone: 'success', text: t.twoFactorSettings.codesCopied });
    } catch {
      setNote({ tone: 'error', text: t.twoFactorSettings.copyFailed });
    }
  };

  const download = () => {
    saveTextFile(text, `${fileSlug(appName)}-backup-codes.txt`);
    setNote({ tone: 'success', text: t.twoFactorSettings.codesDownloaded });
  };

  const print = () => {
    setNote(null);
    document.body.dataset.printing = PRINTING;
    window.print();
  };

  return (
    <div className="stack backup-codes-sheet">
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      <Alert tone="warning">{t.twoFactorSettings.backupNote}</Alert>
      <ul className="backup-codes" aria-labelledby={titleId}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <fieldset className="backup-codes__actions">
        <legend className="visually-hidden">{t.twoFactorSettings.codesActions}</legend>
        <Button variant="secondary" onClick={copy}>
          {t.twoFactorSettings.copyCodes}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t.twoFactorSettings.downloadCodes}
        </Button>
        <Button variant="secondary" onClick={print}>
          {t.twoFactorSettings.printCodes}
        </Button>
      </fieldset>
      <div className="live" aria-live="polite">
        {note ? <Alert tone={note.tone}>{note.text}</Alert> : null}
      </div>
    </div>
  );
}
