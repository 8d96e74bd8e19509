import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';
import { AboutPage } from '../../features/about/components/about-page';

/** /about (and /spa/about): the About Us page. Title 'About Us | Gavel'. */
export default function AboutRoute() {
  usePageTitle(PAGE_TITLES.about);
  return <AboutPage />;
}
