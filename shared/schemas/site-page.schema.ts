import { z } from 'zod';

/** The site pages operators edit, by slug: Terms of sale and the Privacy notice. Source: issue 20 item 5. */
export const SITE_PAGE_SLUGS = ['terms', 'privacy'] as const;
/** One of {@link SITE_PAGE_SLUGS}. */
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

/**
 * A site page as the API answers it: `body` is plain text (paragraphs split by a blank line,
 * `## ` headings, `- ` list items), shown as text, never as HTML; `updated_at` ISO 8601 UTC.
 */
export interface SitePageView {
  slug: SitePageSlug;
  title: string;
  body: string;
  updated_at: string;
}

/** A page's slug in a path: one of {@link SITE_PAGE_SLUGS}, otherwise 'Page not found' (the router answers 404). */
export const sitePageSlugSchema = z.enum(SITE_PAGE_SLUGS, { message: 'Page not found' });

/** Operator's edit of a page: title 3-120 characters, text 20-50,000 characters (trimmed). */
export const sitePageInputSchema = z.object({
  title: z
    .string({ message: 'The title is required.' })
    .trim()
    .min(3, 'The title must be at least 3 characters.')
    .max(120, 'The title may not be longer than 120 characters.'),
  body: z
    .string({ message: 'The text is required.' })
    .trim()
    .min(20, 'The text must be at least 20 characters.')
    .max(50_000, 'The text may not be longer than 50,000 characters.'),
});
/** Parsed {@link sitePageInputSchema}. */
export type SitePageInput = z.infer<typeof sitePageInputSchema>;

/** One block of a page's text: a heading, a paragraph, or a list. */
export type SitePageBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * Splits a page's text into blocks: lines starting `## ` are headings, runs of lines starting
 * `- ` are lists, other lines join into paragraphs (a blank line ends one). Pure; the client
 * renders the blocks as text, so nothing in a page can become markup.
 */
export function sitePageBlocks(body: string): SitePageBlock[] {
  const blocks: SitePageBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) flush();
    else if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      (list ??= []).push(line.slice(2).trim());
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
