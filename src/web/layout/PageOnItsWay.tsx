import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the window while a link's page is on its way (its code and answers):
 * the page that was left stays until the new one can be shown whole. Pale with a gold edge, so
 * it shows on the dark notices strip and on the page alike.
 */
export function PageOnItsWay() {
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="fixed inset-x-0 top-0 z-50 h-1 origin-left animate-pending border-b border-accent bg-accent-soft motion-reduce:animate-none print:hidden"
    />
  );
}
