import { Anchor, Badge, Group, Loader, TextInput, Title, type MantineColor } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

interface SearchPageHeaderProps {
  /** The small link above the title, back to the parent page (e.g. `/bid-dashboard`, 'Bid Dashboard'). */
  back: { to: string; label: string };
  title: string;
  /** Shown in a badge beside the title (the list's total). */
  count: number;
  /** The badge colour; the theme's primary colour when left out. */
  countColor?: MantineColor;
  /** Shows a small loader beside the badge while the list loads. */
  loading?: boolean;
  /** The search field's value, placeholder and accessible name. */
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  searchLabel: string;
}

/**
 * The header of a full-page list under a parent page: a back link, the title with a count badge
 * (and a loader while loading), and a search field on the right (full width on phones).
 * Used by the bid dashboard's Active Bids and Watchlist pages. Source: spec/accounts-and-shell.md §2.
 */
export function SearchPageHeader({ back, title, count, countColor, loading = false, search, onSearch, searchPlaceholder, searchLabel }: SearchPageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Anchor component={Link} to={back.to} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} /> {back.label}
          </Group>
        </Anchor>
        <Group gap="xs" mt={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Badge size="lg" variant="light" color={countColor}>
            {count}
          </Badge>
          {loading && <Loader size="xs" />}
        </Group>
      </div>
      <TextInput
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
        aria-label={searchLabel}
      />
    </Group>
  );
}
