import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../app/theme';
import { PageContainer } from '../app/layout/page-container';
import ItemRoute from '../app/routes/item';
import SaleCatalogueRoute from '../app/routes/sale-catalogue';
import { shownAdverts } from '../features/items/api/get-adverts';
import { AdvertBanner } from '../features/items/components/advert-banner';
import { HomeHero } from '../features/items/components/home-hero';
import { BID_SETTINGS_KEY } from '../features/items/hooks/use-bid-support';
import { parseBidSettings } from '../features/items/api/get-bid-increment';
import { parseSaleAnswer } from '../features/sale-catalogue/api/get-sale';
import { parseSaleLotsAnswer } from '../features/sale-catalogue/api/get-sale-lots';
import { saleKey } from '../features/sale-catalogue/hooks/use-sale-catalogue';
import { normaliseItem } from '../lib/item-normalise';
import { lotKeys } from '../lib/lot-cache';
import { setDisplayTimeZone } from '../lib/dates';
import { dataSaverAtom } from '../lib/data-saver';

/**
 * The first screen of some pages, drawn on the server with the app's own components and sent
 * inside the HTML (index.html's `#boot`), so a phone paints the page before the app's code has
 * loaded. The app does not hydrate it: it renders its own copy, hidden, and removes this one in
 * the commit that shows it (lib/boot-screen.ts). Built for Node by client/vite.ssr.config.ts and
 * called by server/http/first-screen.ts. Dates are in the auctioneer's time zone, as in e-mails.
 * Source: issue 17 "Fast on a cheap phone" (LCP and FCP on the home, item and catalogue pages).
 */

setDisplayTimeZone('Africa/Blantyre');

/** Test ids belong to the app's live copy only: tests find one element, never the server's copy. */
const stripTestIds = (html: string) => html.replace(/ data-testid="[^"]*"/g, '');

function draw(children: ReactNode): string {
  return stripTestIds(
    renderToString(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <PageContainer>{children}</PageContainer>
      </MantineProvider>,
    ),
  );
}

/** `children` drawn with data saver as `saveData` says (the visitor's choice or their browser's hint). */
function withDataSaver(saveData: boolean, children: ReactNode): ReactNode {
  const store = createStore();
  store.set(dataSaverAtom, saveData);
  return <JotaiProvider store={store}>{children}</JotaiProvider>;
}

/**
 * The home page's first screen: the adverts area as the page draws it (or the hero when no advert
 * is shown). `advertsAnswer` is the `data` of `GET /api/public/adverts`; `now` the server's time;
 * `saveData` draws the banners as data saver does (their narrowest pictures).
 */
export function renderHomeFirstScreen(advertsAnswer: unknown[], now: Date, saveData: boolean): string {
  const adverts = shownAdverts(advertsAnswer, now);
  return draw(withDataSaver(saveData, adverts.length > 0 ? <AdvertBanner adverts={adverts} /> : <HomeHero onMyBids={() => undefined} />));
}

/**
 * An item page's first screen as a guest sees it (the viewer is only known in the browser):
 * `itemAnswer` is what `GET /ajax-item/{id}` answers a guest, `settingsAnswer` what
 * `GET /api/settings/auction-bid-increment` answers; `saveData` draws it as data saver does
 * (the smallest pictures). Null when the answer is no lot.
 */
export function renderItemFirstScreen(itemAnswer: unknown, settingsAnswer: unknown, saveData: boolean): string | null {
  const item = normaliseItem(itemAnswer);
  if (!item) return null;
  const cache = drawingCache();
  cache.setQueryData(lotKeys.detail(item.id), item);
  cache.setQueryData(BID_SETTINGS_KEY, parseBidSettings(settingsAnswer));
  return drawRoute(cache, `/item/${item.id}`, '/item/:id', <ItemRoute />, saveData);
}

/** Lots of a catalogue drawn on the server: those a tall screen shows; the app brings the rest. */
const CATALOGUE_LOTS_DRAWN = 12;

/**
 * A sale catalogue's first screen: the sale and its first lots. `saleAnswer` and `lotsAnswer` are
 * what `GET /api/sales/{id}` and `GET /api/sales/{id}/lots?page=1` answer a guest; `saveData` draws
 * the lots' pictures as data saver does (the smallest). Null when the answers are not a sale.
 */
export function renderSaleFirstScreen(saleAnswer: unknown, lotsAnswer: unknown, saveData: boolean): string | null {
  let sale, page;
  try {
    sale = parseSaleAnswer(saleAnswer);
    page = parseSaleLotsAnswer(lotsAnswer);
  } catch {
    return null;
  }
  const cache = drawingCache();
  cache.setQueryData(saleKey(sale.id), sale);
  cache.setQueryData(lotKeys.list('sale', sale.id), {
    pages: [{ items: page.lots.slice(0, CATALOGUE_LOTS_DRAWN), meta: page.meta, askedAt: 0 }],
    pageParams: [1],
  });
  return drawRoute(cache, `/auctions/${sale.id}`, '/auctions/:id', <SaleCatalogueRoute />, saveData);
}

/** A server-state cache holding only what a drawing was given: it never reads anything itself. */
function drawingCache(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, enabled: false } } });
}

/** `route` drawn at `url` (matching `pattern`) with `cache`, data saver as `saveData` says. */
function drawRoute(cache: QueryClient, url: string, pattern: string, route: ReactNode, saveData: boolean): string {
  return draw(
    <QueryClientProvider client={cache}>
      {withDataSaver(
        saveData,
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={pattern} element={route} />
          </Routes>
        </MemoryRouter>,
      )}
    </QueryClientProvider>,
  );
}
