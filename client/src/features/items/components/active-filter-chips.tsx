import { Anchor, Group, Pill } from '@mantine/core';
import type { Branch } from '@shared/schemas/item.schema';
import { formatMK } from '@shared/rules/money';
import { AUCTION_TYPE_OPTIONS, CONDITION_OPTIONS, STATUS_OPTIONS, type ListingState } from '../utils/listing-query';

interface Chip {
  key: string;
  label: string;
  remove: () => void;
}

/** Removable chips of the active search and filters, with Clear all. Source: spec/shopping.md §2. */
export function ActiveFilterChips({
  state,
  branches,
  onChange,
  onClearAll,
}: {
  state: ListingState;
  branches: Branch[];
  onChange: (patch: Partial<ListingState>) => void;
  onClearAll: () => void;
}) {
  const chips: Chip[] = [];
  if (state.search.trim()) chips.push({ key: 'search', label: `Search: ${state.search.trim()}`, remove: () => onChange({ search: '' }) });
  for (const v of state.auctionTypes) {
    const label = AUCTION_TYPE_OPTIONS.find((o) => o.value === v)?.label ?? v;
    chips.push({ key: `type-${v}`, label, remove: () => onChange({ auctionTypes: state.auctionTypes.filter((x) => x !== v) }) });
  }
  for (const v of state.locations) {
    const label = branches.find((b) => String(b.id) === v)?.name ?? `Branch ${v}`;
    chips.push({ key: `loc-${v}`, label, remove: () => onChange({ locations: state.locations.filter((x) => x !== v) }) });
  }
  if (state.priceMin !== null || state.priceMax !== null) {
    const label =
      state.priceMin !== null && state.priceMax !== null
        ? `${formatMK(state.priceMin)} – ${formatMK(state.priceMax)}`
        : state.priceMin !== null
          ? `From ${formatMK(state.priceMin)}`
          : `Up to ${formatMK(state.priceMax)}`;
    chips.push({ key: 'price', label, remove: () => onChange({ priceMin: null, priceMax: null }) });
  }
  for (const v of state.statuses) {
    const label = STATUS_OPTIONS.find((o) => o.value === v)?.label ?? v;
    chips.push({ key: `status-${v}`, label: `Status: ${label}`, remove: () => onChange({ statuses: state.statuses.filter((x) => x !== v) }) });
  }
  for (const v of state.conditions) {
    const label = CONDITION_OPTIONS.find((o) => o.value === v)?.label ?? v;
    chips.push({ key: `cond-${v}`, label: `Condition: ${label}`, remove: () => onChange({ conditions: state.conditions.filter((x) => x !== v) }) });
  }
  if (state.hasImages) chips.push({ key: 'img', label: 'With images', remove: () => onChange({ hasImages: false }) });
  if (state.hasReserve) chips.push({ key: 'res', label: 'With reserve price', remove: () => onChange({ hasReserve: false }) });
  if (state.featuredOnly) chips.push({ key: 'feat', label: 'Featured only', remove: () => onChange({ featuredOnly: false }) });

  if (chips.length === 0) return null;
  return (
    <Group gap={6} data-testid="active-filter-chips">
      {chips.map((c) => (
        <Pill
          key={c.key}
          withRemoveButton
          onRemove={c.remove}
          size="md"
          removeButtonProps={{ 'aria-label': `Remove filter ${c.label}` }}
          styles={{ root: { background: 'var(--mantine-color-gavel-0)', color: 'var(--mantine-color-gavel-9)' } }}
        >
          {c.label}
        </Pill>
      ))}
      <Anchor component="button" type="button" size="sm" onClick={onClearAll} fw={600}>
        Clear all
      </Anchor>
    </Group>
  );
}
