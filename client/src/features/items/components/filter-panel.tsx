import { useEffect, useState } from 'react';
import { Badge, Button, Checkbox, Divider, Group, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Branch } from '@shared/schemas/item.schema';
import { AUCTION_TYPE_OPTIONS, CONDITION_OPTIONS, PRICE_PRESETS, STATUS_OPTIONS, activeFilterCount, type ListingState } from '../utils/listing-query';

interface FilterPanelProps {
  state: ListingState;
  branches: Branch[];
  onChange: (patch: Partial<ListingState>) => void;
  onClearAll: () => void;
  /** Show the panel's own heading (the fixed side panel does; the collapsible one has a toolbar). */
  withHeader?: boolean;
}

function FilterSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={8}>
      <Text fw={700} size="sm" tt="uppercase" c="dimmed" lts={0.5}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function toNumber(v: string | number): number | null {
  if (v === '' || v === null) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Filter panel: auction type, location (branches), price presets and custom Min/Max, status,
 * and the images / reserve / featured switches. Source: spec/shopping.md §2 "Filter panel".
 */
export function FilterPanel({ state, branches, onChange, onClearAll, withHeader = true }: FilterPanelProps) {
  const count = activeFilterCount(state);
  const [min, setMin] = useState<string | number>(state.priceMin ?? '');
  const [max, setMax] = useState<string | number>(state.priceMax ?? '');

  useEffect(() => setMin(state.priceMin ?? ''), [state.priceMin]);
  useEffect(() => setMax(state.priceMax ?? ''), [state.priceMax]);

  const applyPrice = useDebouncedCallback((lo: string | number, hi: string | number) => {
    onChange({ priceMin: toNumber(lo), priceMax: toNumber(hi) });
  }, 500);

  const preset = PRICE_PRESETS.find((p) => p.min === state.priceMin && p.max === state.priceMax);

  return (
    <Stack gap="lg" data-testid="filter-panel">
      {withHeader && (
        <Group justify="space-between">
          <Group gap={8}>
            <Title order={4}>Filters</Title>
            {count > 0 && (
              <Badge color="gavel" circle data-testid="active-filter-count">
                {count}
              </Badge>
            )}
          </Group>
          <Button variant="subtle" size="compact-sm" onClick={onClearAll} disabled={count === 0}>
            Clear all
          </Button>
        </Group>
      )}

      <FilterSection title="Auction Type">
        <Checkbox.Group value={state.auctionTypes} onChange={(v) => onChange({ auctionTypes: v })} aria-label="Auction type">
          <Stack gap={8}>
            {AUCTION_TYPE_OPTIONS.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      </FilterSection>

      <Divider />
      <FilterSection title="Location">
        <Checkbox.Group value={state.locations} onChange={(v) => onChange({ locations: v })} aria-label="Location">
          <Stack gap={8}>
            {branches.map((b) => (
              <Checkbox key={b.id} value={String(b.id)} label={b.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      </FilterSection>

      <Divider />
      <FilterSection title="Price Range">
        <Radio.Group
          value={preset ? preset.label : ''}
          onChange={(label) => {
            const p = PRICE_PRESETS.find((x) => x.label === label);
            if (p) onChange({ priceMin: p.min, priceMax: p.max });
          }}
          aria-label="Price range"
        >
          <Stack gap={8}>
            {PRICE_PRESETS.map((p) => (
              <Radio key={p.label} value={p.label} label={p.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            label="Min Price"
            placeholder="0"
            min={0}
            step={1}
            allowNegative={false}
            allowDecimal={false}
            thousandSeparator=","
            value={min}
            onChange={(v) => {
              setMin(v);
              applyPrice(v, max);
            }}
            size="sm"
          />
          <NumberInput
            label="Max Price"
            placeholder="Any"
            min={0}
            step={1}
            allowNegative={false}
            allowDecimal={false}
            thousandSeparator=","
            value={max}
            onChange={(v) => {
              setMax(v);
              applyPrice(min, v);
            }}
            size="sm"
          />
        </Group>
      </FilterSection>

      <Divider />
      <FilterSection title="Status">
        <Checkbox.Group value={state.statuses} onChange={(v) => onChange({ statuses: v })} aria-label="Status">
          <Stack gap={8}>
            {STATUS_OPTIONS.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      </FilterSection>

      <Divider />
      <FilterSection title="Condition">
        <Checkbox.Group value={state.conditions} onChange={(v) => onChange({ conditions: v })} aria-label="Condition">
          <Stack gap={8}>
            {CONDITION_OPTIONS.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      </FilterSection>

      <Divider />
      <FilterSection title="More">
        <Checkbox label="With images only" checked={state.hasImages} onChange={(e) => onChange({ hasImages: e.currentTarget.checked })} />
        <Checkbox label="With reserve price" checked={state.hasReserve} onChange={(e) => onChange({ hasReserve: e.currentTarget.checked })} />
        <Checkbox label="Featured only" checked={state.featuredOnly} onChange={(e) => onChange({ featuredOnly: e.currentTarget.checked })} />
      </FilterSection>
    </Stack>
  );
}
