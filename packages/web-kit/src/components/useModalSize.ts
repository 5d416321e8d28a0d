import { useMediaQuery } from '@mantine/hooks';

/** Modal size is large when the window is wider than 768 px (spec 01 §2). */
export const SMALL_SCREEN_MAX = 768;

export function useModalSize(): 'lg' | 'md' {
  const wide = useMediaQuery(`(min-width: ${SMALL_SCREEN_MAX + 1}px)`, window.innerWidth > SMALL_SCREEN_MAX);
  return wide ? 'lg' : 'md';
}
