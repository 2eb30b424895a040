import { useI18n } from '../../i18n/i18n.tsx';
import type { SlugAvailability } from './state.ts';

/** The live line under a slug field: checking, free or taken. */
export function SlugStatus({ slug, availability }: { slug: string; availability: SlugAvailability }) {
  const { t, format } = useI18n();
  if (availability === 'checking') {
    return <span className="status status--muted">{format(t.organization.slugChecking, { slug })}</span>;
  }
  if (availability === 'available') {
    return <span className="status status--ok">{format(t.organization.slugAvailable, { slug })}</span>;
  }
  if (availability === 'taken') {
    return <span className="status status--bad">{format(t.organization.slugTakenNamed, { slug })}</span>;
  }
  return null;
}
