import { Anchor, Card, Group, Pagination, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BidderPage } from '@shared/schemas/bidder.schema';
import { formatDateTimeGB } from '../../../lib/dates';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { biddersQuery } from '../api/list-bidders';
import { BidderBadges } from './bidder-badges';

/** What a failed read shows: no rows. */
const EMPTY_PAGE: BidderPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null } };

/**
 * `/admin/bidders`: every account, newest first, 20 a page, searched by name, e-mail, phone,
 * registration reference or `#id` (the search and page live in the address, so Back returns to
 * them); each row shows roles, block and limit, bids, leads and unpaid wins, and links to the
 * bidder's page. A table at a desk, cards on a phone. Source: issue 13 "Bidders".
 */
export function BiddersList() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const { data, error } = useQuery(biddersQuery({ search, page }));
  useReadFailureNotice(error, 'Failed to fetch bidders.');
  const result: BidderPage | null = data ?? (error ? EMPTY_PAGE : null);

  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== search) setParams(text.trim() ? { search: text.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(t);
  }, [text, search, setParams]);

  const goTo = (p: number) => setParams({ ...(search ? { search } : {}), page: String(p) });
  const link = (b: BidderPage['data'][number]) => (
    <Anchor component={Link} to={`/admin/bidders/${b.id}`} fw={600} data-testid="bidder-link">
      {b.name}
    </Anchor>
  );
  const figures = (b: BidderPage['data'][number]) =>
    `${b.bids} ${b.bids === 1 ? 'bid' : 'bids'} · leading ${b.leading} · ${b.unpaid} unpaid ${b.unpaid === 1 ? 'win' : 'wins'}`;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Bidders
        </Title>
        <Text c="dimmed">Find an account to see its bids, wins and unpaid orders, block its bidding, set a spending limit or make it an admin.</Text>
      </div>
      <TextInput
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder="Name, e-mail, phone, deposit reference or #id"
        aria-label="Search bidders"
        leftSection={<IconSearch size={16} />}
        maw={420}
        data-testid="bidder-search"
      />
      {result === null && <Text c="dimmed">Loading bidders…</Text>}
      {result?.data.length === 0 && (
        <Card withBorder radius="lg">
          <Text c="dimmed">{search ? `No account matches “${search}”.` : 'No accounts yet.'}</Text>
        </Card>
      )}
      {result && result.data.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {result.meta.from}–{result.meta.to} of {result.meta.total}
          </Text>
          <Card withBorder radius="lg" padding={0} visibleFrom="md">
            <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid="bidders-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Bidder</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th ta="right">Bids</Table.Th>
                  <Table.Th ta="right">Leading</Table.Th>
                  <Table.Th ta="right">Unpaid wins</Table.Th>
                  <Table.Th>Joined</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.map((b) => (
                  <Table.Tr key={b.id} data-testid="bidder-row">
                    <Table.Td>
                      {link(b)}
                      <Text size="xs" c="dimmed">
                        #{b.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{b.email}</Text>
                      {b.phone && (
                        <Text size="xs" c="dimmed">
                          {b.phone}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <BidderBadges bidder={b} />
                    </Table.Td>
                    <Table.Td ta="right">{b.bids}</Table.Td>
                    <Table.Td ta="right">{b.leading}</Table.Td>
                    <Table.Td ta="right">{b.unpaid}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateTimeGB(b.created_at)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" hiddenFrom="md">
            {result.data.map((b) => (
              <Card key={b.id} withBorder radius="lg" padding="md" data-testid="bidder-card">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    {link(b)}
                    <Text size="xs" c="dimmed">
                      #{b.id}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {b.email}
                    {b.phone ? ` · ${b.phone}` : ''}
                  </Text>
                  <BidderBadges bidder={b} />
                  <Text size="xs" c="dimmed">
                    {figures(b)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          {result.meta.last_page > 1 && (
            <Group justify="center">
              <Pagination total={result.meta.last_page} value={result.meta.current_page} onChange={goTo} size="sm" aria-label="Pages of bidders" />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
