import { useEffect, useRef, useState } from 'react';
import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconArrowsSort, IconSearch } from '@tabler/icons-react';
import type { SortOption } from '@shared/schemas/item.schema';
import { SORT_CHOICES } from '../utils/listing-query';

/** Search debounce. Source: spec/shopping.md §9. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Search box with a clear button (applied after a 300 ms pause in typing) and the sort select. */
export function ListingToolbar({
  search,
  sort,
  onSearch,
  onSort,
}: {
  search: string;
  sort: SortOption;
  onSearch: (value: string) => void;
  onSort: (value: SortOption) => void;
}) {
  const [text, setText] = useState(search);
  const timer = useRef<number | undefined>(undefined);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    setText((cur) => (cur.trim() === search.trim() ? cur : search));
  }, [search]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onSearchRef.current(value), SEARCH_DEBOUNCE_MS);
  };

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        style={{ flex: '1 1 260px' }}
        placeholder="Search items, lots or reference codes"
        aria-label="Search items"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => change(e.currentTarget.value)}
        rightSection={
          text ? (
            <CloseButton
              aria-label="Clear search"
              onClick={() => {
                window.clearTimeout(timer.current);
                setText('');
                onSearchRef.current('');
              }}
            />
          ) : null
        }
        size="md"
        radius="md"
        data-testid="search-input"
      />
      <NativeSelect
        style={{ flex: '0 1 220px' }}
        aria-label="Sort by"
        leftSection={<IconArrowsSort size={16} />}
        value={sort}
        onChange={(e) => {
          const v = SORT_CHOICES.find((c) => c.value === e.currentTarget.value);
          if (v) onSort(v.value);
        }}
        data={SORT_CHOICES}
        size="md"
        radius="md"
        data-testid="sort-select"
      />
    </Group>
  );
}
