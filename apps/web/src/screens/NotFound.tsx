import { useTranslation } from 'react-i18next';

/** Any unknown path shows only '404' (spec 01 §2). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="not-found" data-testid="not-found">
      {t('app.notFound')}
    </main>
  );
}
