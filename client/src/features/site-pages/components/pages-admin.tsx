import { Alert, Anchor, Button, Card, Grid, Group, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { SitePageSlug, SitePageView } from '@shared/schemas/site-page.schema';
import { HistoryLink } from '../../../components/history-link';
import { auditHref } from '../../../lib/audit-links';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useQueryFailure } from '../../../lib/query-failure';
import { useSaveSitePage, useSitePagesForEditing } from '../api/site-pages';
import { SitePageText } from './site-page-text';

const LABELS: Record<SitePageSlug, string> = { terms: 'Terms of sale', privacy: 'Privacy notice' };

/**
 * /admin/pages: operators edit the Terms of sale and the Privacy notice (title and text, with a
 * preview as visitors will read it). Each save is the `updateSitePage` command, recorded in the
 * audit trail. Source: issue 20 item 5.
 */
export function PagesAdmin() {
  const list = useSitePagesForEditing();
  useQueryFailure(list, () => notifyError('Failed to load the pages'));
  const pages: SitePageView[] | null = list.data ?? (list.isError ? [] : null);
  const saveMutation = useSaveSitePage();
  const [slug, setSlug] = useState<SitePageSlug>('terms');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const saving = saveMutation.isPending;
  const [error, setError] = useState<string | null>(null);

  const page = pages?.find((p) => p.slug === slug) ?? null;
  useEffect(() => {
    setTitle(page?.title ?? '');
    setBody(page?.body ?? '');
    setError(null);
  }, [page]);
  const changed = page !== null && (title !== page.title || body !== page.body);

  const save = async () => {
    setError(null);
    try {
      const saved = await saveMutation.mutateAsync({ slug, input: { title, body } });
      notifySuccess(`${saved.title} saved`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to save the page');
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Pages
          </Title>
          <Text c="dimmed">The Terms of sale and the Privacy notice, linked from the footer, sign-up and live-auction registration.</Text>
        </div>
        <HistoryLink to={auditHref({ type: 'page.updated' })} label="History" title="Audit trail of page edits" />
      </Group>
      <SegmentedControl
        value={slug}
        onChange={(v) => setSlug(v as SitePageSlug)}
        data={(Object.keys(LABELS) as SitePageSlug[]).map((s) => ({ value: s, label: LABELS[s] }))}
        w="fit-content"
        data-testid="page-switch"
      />
      {pages === null && <Text c="dimmed">Loading pages…</Text>}
      {pages !== null && !page && <Alert color="red">This page is missing from the database.</Alert>}
      {page && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="md">
                <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={120} data-testid="page-title-input" />
                <Textarea
                  label="Text"
                  description="Paragraphs are separated by a blank line. A line starting with ## is a heading; lines starting with - are a list."
                  value={body}
                  onChange={(e) => setBody(e.currentTarget.value)}
                  autosize
                  minRows={14}
                  maxRows={30}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                  data-testid="page-body-input"
                />
                {error && (
                  <Text c="red" size="sm" data-testid="page-error">
                    {error}
                  </Text>
                )}
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Text size="xs" c="dimmed">
                    Last updated {formatDateTimeGB(page.updated_at)}
                  </Text>
                  <Group gap="sm">
                    <Button
                      variant="default"
                      disabled={!changed || saving}
                      onClick={() => {
                        setTitle(page.title);
                        setBody(page.body);
                        setError(null);
                      }}
                    >
                      Reset
                    </Button>
                    <Button onClick={() => void save()} loading={saving} disabled={!changed} data-testid="page-save">
                      Save page
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Card withBorder radius="lg" padding="lg" bg="var(--mantine-color-gray-0)">
              <Group justify="space-between" mb="sm">
                <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={1}>
                  Preview
                </Text>
                <Anchor href={`/${slug}`} target="_blank" size="xs" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                  Open /{slug} <IconExternalLink size={12} />
                </Anchor>
              </Group>
              <Title order={2} size="h3" mb="sm">
                {title}
              </Title>
              <SitePageText body={body} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
