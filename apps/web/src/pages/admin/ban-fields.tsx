/** A ban's reason and length: the same two fields for one person and for several. */
import { useState } from 'react';
import { Field } from '../../components/field.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { BanDetails } from './mutations.ts';
import { SelectField } from './ui.tsx';

const HOUR = 3600;
/** Lengths offered, in seconds; `forever` lasts until someone unbans. */
const DURATIONS = { forever: 0, hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR, month: 30 * 24 * HOUR } as const;
type Duration = keyof typeof DURATIONS;

/** The longest reason the server keeps (ban-user's `banReason`). */
const REASON_MAX = 1000;

export function useBanFields() {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<Duration>('forever');
  const details: BanDetails = {
    ...(reason.trim() ? { reason: reason.trim() } : {}),
    ...(DURATIONS[duration] ? { expiresIn: DURATIONS[duration] } : {}),
  };
  return { reason, setReason, duration, setDuration, details };
}

export function BanFields({ idPrefix, fields }: { idPrefix: string; fields: ReturnType<typeof useBanFields> }) {
  const { t } = useI18n();
  const options: { value: Duration; label: string }[] = [
    { value: 'forever', label: t.admin.banForever },
    { value: 'hour', label: t.admin.banHour },
    { value: 'day', label: t.admin.banDay },
    { value: 'week', label: t.admin.banWeek },
    { value: 'month', label: t.admin.banMonth },
  ];
  return (
    <>
      <Field
        id={`${idPrefix}-reason`}
        label={t.admin.banReasonLabel}
        labelNote={t.common.optional}
        hint={t.admin.banReasonHint}
        value={fields.reason}
        onValueChange={fields.setReason}
        maxLength={REASON_MAX}
        autoComplete="off"
      />
      <SelectField
        id={`${idPrefix}-duration`}
        label={t.admin.banDurationLabel}
        value={fields.duration}
        options={options}
        onChange={fields.setDuration}
      />
    </>
  );
}
