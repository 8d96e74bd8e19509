import { useLocation } from 'react-router';
import { SitePage } from '../../features/site-pages/components/site-page';

/** /terms and /privacy: the operators' site pages (the path names the page). Source: issue 20 item 5. */
export default function SitePageRoute() {
  const { pathname } = useLocation();
  return <SitePage slug={pathname.endsWith('/privacy') ? 'privacy' : 'terms'} />;
}
