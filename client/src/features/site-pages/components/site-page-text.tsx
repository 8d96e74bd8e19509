import { List, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { sitePageBlocks } from '@shared/schemas/site-page.schema';

/**
 * A site page's text as headings, paragraphs and lists (shared `sitePageBlocks`), rendered as
 * text only: nothing an operator types can become markup. Source: issue 20 item 5.
 */
export function SitePageText({ body }: { body: string }) {
  const blocks = useMemo(() => sitePageBlocks(body), [body]);
  return (
    <Stack gap="sm">
      {blocks.map((b, i) =>
        b.kind === 'heading' ? (
          <Title key={i} order={2} size="h4" mt={i === 0 ? 0 : 'md'} c="gavel.9">
            {b.text}
          </Title>
        ) : b.kind === 'list' ? (
          <List key={i} spacing={6} size="sm" pl={4} styles={{ itemWrapper: { display: 'inline' } }}>
            {b.items.map((item, j) => (
              <List.Item key={j}>{item}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={i} size="sm" lh={1.65}>
            {b.text}
          </Text>
        ),
      )}
    </Stack>
  );
}
