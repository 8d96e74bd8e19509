import { Alert, Anchor, Badge, Box, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconShieldLock } from '@tabler/icons-react';
import type { SitePageSlug } from '@shared/schemas/site-page.schema';
import { formatDateTimeGB } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { useSitePage } from '../api/site-pages';
import { SitePageText } from './site-page-text';

/** Each page's fallback title (while loading), icon and the other page it points to. */
const PAGES: Record<SitePageSlug, { title: string; icon: typeof IconFileText; other: { href: string; label: string } }> = {
  terms: { title: 'Terms of sale', icon: IconFileText, other: { href: '/privacy', label: 'Privacy notice' } },
  privacy: { title: 'Privacy notice', icon: IconShieldLock, other: { href: '/terms', label: 'Terms of sale' } },
};

/**
 * /terms and /privacy: the page operators keep in the database (title, text, last change),
 * titled `{title} | Gavel`, with a link to the other page and to the auctions.
 * Source: issue 20 item 5.
 */
export function SitePage({ slug }: { slug: SitePageSlug }) {
  const query = useSitePage(slug);
  const page = query.data ?? null;
  const failed = query.isError;
  const meta = PAGES[slug];
  usePageTitle(page?.title ?? meta.title);

  return (
    <Container size={860} py="xl" data-testid="site-page" data-slug={slug}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box c="gavel.7" mt={4}>
              <meta.icon size={30} />
            </Box>
            <div>
              <Title order={1} size="h2">
                {page?.title ?? meta.title}
              </Title>
              {page && (
                <Text size="xs" c="dimmed" mt={2}>
                  Last updated {formatDateTimeGB(page.updated_at)}
                </Text>
              )}
            </div>
          </Group>
          {failed && (
            <Alert color="red" title="This page could not be loaded">
              Please try again in a moment, or call +265 1 820 000.
            </Alert>
          )}
          {!page && !failed && (
            <Stack gap="xs">
              {[90, 100, 95, 70].map((w) => (
                <Skeleton key={w} h={14} w={`${w}%`} />
              ))}
            </Stack>
          )}
          {page && <SitePageText body={page.body} />}
          <Group justify="space-between" gap="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Group gap={6}>
              <Badge variant="light" color="gray">
                See also
              </Badge>
              <Anchor href={meta.other.href} size="sm">
                {meta.other.label}
              </Anchor>
            </Group>
            <Button component="a" href="/" variant="light" size="sm">
              View current auctions
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
