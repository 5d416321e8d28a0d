import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Server content in the UI's language, cached per language (`key` names it in the query cache). */
export function useContent<T>(key: string, fetch: (lang: string) => Promise<T>, { enabled = true } = {}) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: [key, i18n.language], queryFn: () => fetch(i18n.language), enabled });
}
