import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the window while a link's page is on its way (its code and answers):
 * the page that was left stays until the new one can be shown whole.
 */
export function PageOnItsWay() {
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="fixed inset-x-0 top-0 z-50 h-1 origin-left animate-pending bg-accent motion-reduce:animate-none print:hidden"
    />
  );
}
