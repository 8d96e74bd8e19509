import { Badge, Tabs } from '@mantine/core';
import type { CategoryCounts } from '../api/get-items';
import { CATEGORY_TABS, type Category } from '../utils/listing-query';

/** Category tabs All Items / Daily Sale / Online Auctions / Live Auctions with their counts. Source: spec/shopping.md §2. */
export function CategoryTabs({ value, counts, onChange }: { value: Category; counts: CategoryCounts | null; onChange: (c: Category) => void }) {
  return (
    <Tabs
      value={value}
      onChange={(v) => {
        const next = CATEGORY_TABS.find((t) => t.value === v);
        if (next) onChange(next.value);
      }}
      variant="pills"
      radius="xl"
      color="gavel"
      styles={{ list: { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none', paddingBottom: 2 }, tab: { flexShrink: 0, fontWeight: 600 } }}
    >
      <Tabs.List aria-label="Item categories">
        {CATEGORY_TABS.map((t) => (
          <Tabs.Tab
            key={t.value}
            value={t.value}
            data-testid={`category-tab-${t.value}`}
            rightSection={
              counts ? (
                <Badge size="sm" variant={value === t.value ? 'white' : 'light'} color={value === t.value ? 'dark' : 'gray'} circle={false}>
                  {counts[t.value]}
                </Badge>
              ) : (
                // The count's room while it loads, so the tabs keep their size (issue 17 "No layout shift").
                <Badge size="sm" variant="light" color="gray" w={32} style={{ visibility: 'hidden' }} aria-hidden="true" />
              )
            }
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
